/**
 * Step 3: CRAG's retrieval evaluation. {@link io.corrigo.engine.grade.PassageGrader} scores every passage in
 * parallel and grades it with {@link io.corrigo.engine.grade.Thresholds}; an
 * {@link io.corrigo.engine.grade.ActionRule} turns the grades into the action for the query.
 */
package io.corrigo.engine.grade;

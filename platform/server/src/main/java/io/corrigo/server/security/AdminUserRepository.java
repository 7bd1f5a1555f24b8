package io.corrigo.server.security;

import org.springframework.data.jpa.repository.JpaRepository;

interface AdminUserRepository extends JpaRepository<AdminUser, String> {

    long countByRoleAndEnabledTrue(Role role);
}

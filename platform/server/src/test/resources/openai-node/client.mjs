// Drives Corrigo's OpenAI-compatible endpoint with the official openai npm client, as a chat UI built on it would:
// a two-turn conversation (the history sent back with the follow-up), then the follow-up streamed with usage.
// Usage: node client.mjs <baseURL> <apiKey> <model> <question> <follow-up>; prints one JSON object.
import OpenAI from 'openai';

const [baseURL, apiKey, model, question, followUp] = process.argv.slice(2);
const client = new OpenAI({ baseURL, apiKey, maxRetries: 0 });

const first = await client.chat.completions.create({ model, messages: [{ role: 'user', content: question }] });
const firstAnswer = first.choices[0].message.content;
const history = [
  { role: 'user', content: question },
  { role: 'assistant', content: firstAnswer },
  { role: 'user', content: followUp },
];
const second = await client.chat.completions.create({ model, messages: history });

let streamed = '';
let chunks = 0;
let usage = null;
let finish = null;
const stream = await client.chat.completions.create({ model, messages: history, stream: true,
  stream_options: { include_usage: true } });
for await (const chunk of stream) {
  chunks++;
  if (chunk.usage) usage = chunk.usage;
  for (const choice of chunk.choices) {
    streamed += choice.delta?.content ?? '';
    if (choice.finish_reason) finish = choice.finish_reason;
  }
}
const models = await client.models.list();

let refused = null;
try {
  await new OpenAI({ baseURL, apiKey: 'sk_not_a_key_not_a_key_not_a_key', maxRetries: 0 }).chat.completions.create({
    model, messages: [{ role: 'user', content: question }] });
} catch (e) {
  refused = { status: e.status, type: e.type ?? e.error?.type ?? null };
}

console.log(JSON.stringify({
  firstAnswer, secondAnswer: second.choices[0].message.content, secondUsage: second.usage,
  streamed, chunks, finish, usage, models: models.data.map(m => m.id), refused,
}));

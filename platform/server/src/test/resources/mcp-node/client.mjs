// Connects to Corrigo's MCP server with the official SDK's Streamable HTTP client, lists the tools, asks a question
// and a follow-up, searches, and prints what it got as one JSON object.
// usage: node client.mjs <mcp-url> <secret-key> <question> <follow-up>
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [url, key, question, followUp] = process.argv.slice(2);

function connect(bearer) {
  const client = new Client({ name: "corrigo-node-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${bearer}` } },
  });
  return { client, transport };
}

const { client, transport } = connect(key);
await client.connect(transport);
const tools = (await client.listTools()).tools.map((t) => t.name);
const first = await client.callTool({ name: "ask", arguments: { question } });
const second = await client.callTool({
  name: "ask",
  arguments: { question: followUp, conversation_id: first.structuredContent.conversation_id },
});
const search = await client.callTool({ name: "search_knowledge", arguments: { question, top_k: 2 } });
await client.close();

let refused = null;
const wrong = connect("sk_wrong");
try {
  await wrong.client.connect(wrong.transport);
  refused = "connected";
} catch (e) {
  refused = String(e.message ?? e);
}

console.log(JSON.stringify({
  tools,
  first: first.structuredContent,
  firstText: first.content[0].text,
  second: second.structuredContent,
  search: search.structuredContent,
  refused,
}));

"""An agent host driving `checklists mcp` through the official python MCP SDK (`mcp` 2.x).

Usage: agent.py CHECKLISTS ARGUMENT... It starts CHECKLISTS ARGUMENT... as an MCP server on stdio,
initializes the session, prints {"ready": true, ...} with what `initialize` answered, then reads
one JSON request a line on stdin and answers each on a line:
  {"op": "tools"}                              -> {"tools": [{name, inputSchema, outputSchema, annotations}]}
  {"op": "call", "name": N, "arguments": {..}} -> {"isError": B, "text": T, "structured": S}
  {"op": "ping"}                               -> {"pong": true}
A protocol error is answered {"error": MESSAGE}; the session goes on.
"""

import json
import os
import sys

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def dump(value):
    """The JSON of an SDK object (pydantic), by the protocol's names."""
    if value is None:
        return None
    return value.model_dump(mode="json", by_alias=True, exclude_none=True)


async def answer(session, request):
    """What the request comes to, as a JSON-able dict."""
    op = request["op"]
    if op == "tools":
        listed = await session.list_tools()
        return {"tools": [dump(tool) for tool in listed.tools]}
    if op == "call":
        result = await session.call_tool(request["name"], request.get("arguments"))
        texts = [block.text for block in result.content if getattr(block, "type", "") == "text"]
        return {
            "isError": bool(result.is_error if hasattr(result, "is_error") else result.isError),
            "text": "\n".join(texts),
            "structured": getattr(result, "structured_content", getattr(result, "structuredContent", None)),
        }
    if op == "ping":
        await session.send_ping()
        return {"pong": True}
    return {"error": f"unknown op {op}"}


async def main():
    # The SDK passes the server a few variables alone unless told: the data file and the undo
    # journal are named by CHECKLISTS_FILE and XDG_STATE_HOME, so the whole environment goes.
    server = StdioServerParameters(command=sys.argv[1], args=sys.argv[2:], env=dict(os.environ))
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            initialized = await session.initialize()
            ready = {"ready": True}
            ready.update(dump(initialized))
            print(json.dumps(ready), flush=True)
            while True:
                line = await anyio.to_thread.run_sync(sys.stdin.readline)
                if not line:
                    return
                try:
                    reply = await answer(session, json.loads(line))
                except Exception as error:  # the session lives on, as an agent host's does
                    reply = {"error": f"{type(error).__name__}: {error}"}
                print(json.dumps(reply), flush=True)


anyio.run(main)

import { once } from 'node:events'
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A chat completion request as the fake received it. */
export interface ReceivedChat {
  headers: IncomingHttpHeaders
  body: {
    model: string
    stream?: boolean
    messages: { role: string; content?: string | null; tool_call_id?: string; tool_calls?: unknown[] }[]
    tools?: { function: { name: string } }[]
  }
}

export interface ToolCallScript {
  name: string
  arguments: string
}

/**
 * How the fake answers one request, in order: streamed text (each piece a chunk, `gapMs` apart,
 * optionally stalling after `stallAfter` pieces), tool calls, an HTTP error, or no answer at all.
 * `cutOff` closes the connection after the text without the end of the answer. A function answers
 * from the request (e.g. repeat what a tool returned).
 */
type Answer =
  | { text: string[]; gapMs?: number; stallAfter?: number; cutOff?: boolean }
  | { toolCalls: ToolCallScript[] }
  | { status: number; body?: unknown }
  | { hang: true }
export type ChatScript = Answer | ((request: ReceivedChat) => ChatScript)

export interface FakeOpenAi {
  /** The base URL, as AI_BASE_URL takes it (…/v1). */
  url: string
  requests: ReceivedChat[]
  script(answers: ChatScript[]): void
  close(): Promise<void>
}

/**
 * An OpenAI-compatible chat completions endpoint on loopback that speaks the streaming protocol
 * (server-sent events of chat.completion.chunk objects, ending with [DONE]) the way OpenAI, Ollama
 * and vLLM do, scripted per request. Nothing leaves the machine.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: ReceivedChat[] = []
  const queue: ChatScript[] = []
  const open = new Set<ServerResponse>()

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}')
      return
    }
    const request: ReceivedChat = {
      headers: req.headers,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
    }
    requests.push(request)
    let script = queue.shift() ?? { text: ['(no script)'] }
    while (typeof script === 'function') script = script(request)
    open.add(res)
    res.on('close', () => open.delete(res))
    await answer(res, request.body.model, script)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script(answers) {
      queue.push(...answers)
    },
    close() {
      for (const res of open) res.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function answer(res: ServerResponse, model: string, script: Answer) {
  if ('hang' in script) return
  if ('status' in script) {
    res
      .writeHead(script.status, { 'content-type': 'application/json' })
      .end(
        JSON.stringify(
          script.body ?? { error: { message: `scripted ${script.status}`, type: 'server_error' } },
        ),
      )
    return
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  const id = `chatcmpl-${Math.random().toString(36).slice(2)}`
  const send = (delta: object, finish: string | null = null) =>
    res.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
    )
  if ('toolCalls' in script) {
    script.toolCalls.forEach((call, index) => {
      send({
        role: 'assistant',
        tool_calls: [
          { index, id: `call_${index}`, type: 'function', function: { name: call.name, arguments: '' } },
        ],
      })
      // Arguments arrive in pieces, as real servers send them.
      const half = Math.ceil(call.arguments.length / 2)
      for (const part of [call.arguments.slice(0, half), call.arguments.slice(half)])
        if (part) send({ tool_calls: [{ index, function: { arguments: part } }] })
    })
    send({}, 'tool_calls')
    res.end('data: [DONE]\n\n')
    return
  }
  send({ role: 'assistant', content: '' })
  for (const [index, piece] of script.text.entries()) {
    if (script.stallAfter !== undefined && index >= script.stallAfter) return
    send({ content: piece })
    if (script.gapMs) await sleep(script.gapMs)
  }
  if (script.cutOff) {
    res.end()
    return
  }
  send({}, 'stop')
  res.end('data: [DONE]\n\n')
}

import { once } from 'node:events'
import { createConnection, createServer, type Socket } from 'node:net'

export interface TcpProxy {
  port: number
  /** An outage: every connection through it is cut, and new ones are refused. */
  cut(): Promise<void>
  /** Back on the same port. */
  restore(): Promise<void>
  close(): Promise<void>
}

/** A loopback TCP proxy to a real service (Redis), so a test can take that service away and back. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }
  const server = createServer((client) => {
    const upstream = createConnection(target)
    track(client)
    track(upstream)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
    client.pipe(upstream).pipe(client)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  const stop = async () => {
    const closed = new Promise((resolve) => server.close(resolve))
    for (const socket of sockets) socket.destroy()
    await closed
  }
  return {
    port,
    cut: stop,
    async restore() {
      server.listen(port, '127.0.0.1')
      await once(server, 'listening')
    },
    close: () => (server.listening ? stop() : Promise.resolve()),
  }
}

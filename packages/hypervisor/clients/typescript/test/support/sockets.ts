/** Real TCP endpoints the tests put between the client and the service. */
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface Relay {
  url: string;
  /** Connections relayed so far. */
  readonly connections: number;
  /** Cuts every open connection, both ways, as a network drop does. */
  drop: () => void;
  close: () => Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function closeAll(server: Server, sockets: Set<Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A TCP relay to `target` (`http://127.0.0.1:PORT`) that the test can cut. */
export async function startRelay(target: string): Promise<Relay> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((inbound) => {
    connections += 1;
    const outbound = connect(Number(port), hostname);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  const listening = await listen(server);
  return {
    url: `http://127.0.0.1:${listening}`,
    get connections() {
      return connections;
    },
    drop: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: () => closeAll(server, sockets),
  };
}

export interface BlackHole {
  url: string;
  /** Connections accepted (each never answered). */
  readonly connections: number;
  close: () => Promise<void>;
}

/** A server that accepts connections and never answers: a hung service, for time-outs and cancels. */
export async function startBlackHole(): Promise<BlackHole> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    close: () => closeAll(server, sockets),
  };
}

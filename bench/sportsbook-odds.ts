/**
 * bench:sportsbook's odds step: BENCH_SOCKETS clients on /ws/sportsbook?event=…, BENCH_ODDS_CHANGES signed
 * odds_change messages one after another (each waits until every socket heard it, or 5 s), and the latency from
 * the feed request's start to each socket's frame. The clients are raw WebSocket connections (an upgrade request,
 * then the server's unmasked frames counted as they arrive): the load generator should cost little next to the
 * server it measures; its CPU per delivery is printed beside the server's, with the load average.
 */
import net from 'node:net';
import { loadavg } from 'node:os';
import { log, procCpu, quantile } from './harness.ts';

interface TRawSocket {
  close(): void;
}

/** A WebSocket client that only counts the text frames it receives, calling `heard` once per frame. */
const rawSocket = (port: number, path: string, heard: () => void) =>
  new Promise<TRawSocket>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    let upgraded = false;
    let buffered: Buffer = Buffer.alloc(0);
    socket.on('error', reject);
    socket.on('connect', () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nupgrade: websocket\r\nconnection: Upgrade\r\n` +
          `sec-websocket-key: ${Buffer.from('0123456789abcdef').toString('base64')}\r\nsec-websocket-version: 13\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk: Buffer) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      if (!upgraded) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!buffered.toString('latin1', 0, 12).includes('101')) return reject(new Error('no upgrade'));
        upgraded = true;
        buffered = buffered.subarray(end + 4);
        resolve({ close: () => socket.destroy() });
      }
      // Frames from the server are unmasked: 2 bytes, then 2 or 8 more for a longer payload.
      for (;;) {
        if (buffered.length < 2) return;
        const short = (buffered[1] as number) & 0x7f;
        const head = short === 126 ? 4 : short === 127 ? 10 : 2;
        if (buffered.length < head) return;
        const size =
          short === 126
            ? buffered.readUInt16BE(2)
            : short === 127
              ? Number(buffered.readBigUInt64BE(2))
              : short;
        if (buffered.length < head + size) return;
        if (((buffered[0] as number) & 0x0f) === 1) heard();
        buffered = buffered.subarray(head + size);
      }
    });
  });

export const oddsStep = async (input: {
  port: number;
  serverPid: number;
  sockets: number;
  changes: number;
  eventId: string;
  send(odds: number): Promise<void>;
}) => {
  const latencies: number[] = [];
  let sentAt = 0;
  const sockets = await Promise.all(
    Array.from({ length: input.sockets }, () =>
      rawSocket(input.port, `/ws/sportsbook?event=${input.eventId}`, () =>
        latencies.push(performance.now() - sentAt),
      ),
    ),
  );
  const clientBefore = process.cpuUsage();
  const serverBefore = procCpu(input.serverPid);
  for (let i = 0; i < input.changes; i++) {
    sentAt = performance.now();
    await input.send(2 + (i % 10) / 100);
    const target = (i + 1) * input.sockets;
    const until = performance.now() + 5000;
    while (latencies.length < target && performance.now() < until) await new Promise((r) => setTimeout(r, 1));
  }
  const client = process.cpuUsage(clientBefore);
  const server = procCpu(input.serverPid) - serverBefore;
  for (const socket of sockets) socket.close();
  const sorted = [...latencies].sort((a, b) => a - b);
  const perDelivery = (seconds: number) =>
    `${((seconds * 1e6) / Math.max(1, latencies.length)).toFixed(1)} µs`;
  log(
    `odds: ${latencies.length} deliveries of ${input.changes * input.sockets}, p50 ${quantile(sorted, 0.5).toFixed(1)} ms, ` +
      `p99 ${quantile(sorted, 0.99).toFixed(1)} ms; cpu per delivery: client ${perDelivery((client.user + client.system) / 1e6)}, ` +
      `server ${perDelivery(server)} (feed request included), load ${loadavg()[0]?.toFixed(2)}`,
  );
  return quantile(sorted, 0.99);
};

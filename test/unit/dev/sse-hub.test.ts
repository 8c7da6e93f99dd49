/**
 * The events hub never lets one tab hurt the server: a tab that stopped
 * reading is dropped once a bounded amount of events waits for it (they
 * piled up in memory for good), and a tab that went away is not written to.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createSseHub } from '../../../src/dev/sse-hub.js';
import { listen } from '../../../src/dev/static-server.js';
import { connectEvents } from '../../support/serve.js';

const settle = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createSseHub', () => {
  it('drops a tab that stopped reading, and keeps sending to the others', async () => {
    const hub = createSseHub({ serverId: 'test' });
    const server = await listen({ host: '127.0.0.1', port: 0, handler: (req, res) => hub.connect(req, res) });
    const reader = await connectEvents(server.url);
    // A client that sends its request and never reads a byte of the answer.
    const stalled = net.connect(server.port, '127.0.0.1');
    stalled.on('error', () => {});
    stalled.write(`GET /__folio/events HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    stalled.pause();
    try {
      while (hub.clients < 2) await settle(10);
      const chunk = { text: 'x'.repeat(256 * 1024) };
      for (let index = 0; index < 64 && hub.clients > 1; index++) {
        hub.send('update', chunk);
        await settle(5);
      }
      expect(hub.clients).toBe(1);
      const after = reader.events.length;
      hub.send('update', { text: 'still here' });
      const event = await reader.next({ after, match: (candidate) => candidate.data.text === 'still here', timeoutMs: 10_000 });
      expect(event.name).toBe('update');
    } finally {
      stalled.destroy();
      reader.close();
      hub.close();
      await server.close();
    }
  });

  it('does not keep a tab that closed', async () => {
    const hub = createSseHub({ serverId: 'test' });
    const server = await listen({ host: '127.0.0.1', port: 0, handler: (req, res) => hub.connect(req, res) });
    try {
      const client = await connectEvents(server.url);
      while (hub.clients < 1) await settle(10);
      client.close();
      for (let index = 0; index < 100 && hub.clients > 0; index++) await settle(10);
      expect(hub.clients).toBe(0);
      hub.send('update', { after: 'close' });
    } finally {
      hub.close();
      await server.close();
    }
  });
});

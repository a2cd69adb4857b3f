import type { Socket } from 'node:net';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/errors';
import { HttpError } from '../errors';
import { answerConnectionError, answerFrameworkError, describeIssues, registerErrorHandling } from './errors';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false, frameworkErrors: answerFrameworkError });
  registerErrorHandling(app);
  const fail = (err: unknown) => async () => {
    throw err;
  };
  app.get('/teapot', fail(Object.assign(new Error('I am a teapot: secret detail'), { statusCode: 418 })));
  app.get('/server', fail(Object.assign(new Error('boom'), { statusCode: 503 })));
  app.get('/five-hundred', fail(Object.assign(new Error('boom'), { statusCode: 500 })));
  app.get('/plain', fail(new Error('db password is hunter2')));
  app.get('/http', fail(new HttpError(409, 'Çakışma')));
  app.get('/too-large', fail(Object.assign(new Error('x'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 })));
  await app.ready();
});
afterAll(() => app.close());

describe('error answers', () => {
  it('answers any other 4xx error with the generic Turkish message and its own status', async () => {
    const res = await app.inject({ method: 'GET', url: '/teapot' });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ error: MESSAGES.invalidRequest });
  });

  it('answers a 5xx or unexplained error as an internal error without its message', async () => {
    for (const url of ['/five-hundred', '/server', '/plain']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(500);
      expect(res.json(), url).toEqual({ error: MESSAGES.internal });
    }
  });

  it('answers known Fastify body errors and HttpErrors with their own status and message', async () => {
    const large = await app.inject({ method: 'GET', url: '/too-large' });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ error: 'İstek gövdesi çok büyük' });
    const http = await app.inject({ method: 'GET', url: '/http' });
    expect(http.statusCode).toBe(409);
    expect(http.json()).toEqual({ error: 'Çakışma' });
  });

  it('names at most three failing fields, bare messages without a field', () => {
    expect(
      describeIssues([
        { field: 'a', message: 'bir' },
        { field: '', message: 'iki' },
        { field: 'c.d', message: 'üç' },
        { field: 'e', message: 'dört' },
      ]),
    ).toBe('a: bir; iki; c.d: üç');
  });
});

describe('router errors', () => {
  const fakeReply = () => {
    const sent: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
    const reply = {
      header(name: string, value: string) {
        sent.headers[name] = value;
        return reply;
      },
      status(code: number) {
        sent.status = code;
        return reply;
      },
      send(body: unknown) {
        sent.body = body;
        return reply;
      },
    };
    return { reply, sent };
  };
  const logged: unknown[] = [];
  const request = { log: { error: (obj: unknown) => logged.push(obj) } };

  it('answers a known router failure in Turkish without logging it', () => {
    const { reply, sent } = fakeReply();
    answerFrameworkError({ code: 'FST_ERR_MAX_PARAM_LENGTH' } as FastifyError, request as never, reply as never);
    expect(sent).toEqual({ status: 414, body: { error: 'İstek adresi çok uzun' }, headers: { 'x-content-type-options': 'nosniff' } });
    expect(logged).toEqual([]);
  });

  it('answers an unknown router failure as an internal error and logs it', () => {
    const { reply, sent } = fakeReply();
    answerFrameworkError({ code: 'FST_ERR_SOMETHING_NEW' } as FastifyError, request as never, reply as never);
    expect(sent).toEqual({ status: 500, body: { error: MESSAGES.internal }, headers: { 'x-content-type-options': 'nosniff' } });
    expect(logged).toHaveLength(1);
  });
});

describe('connection errors', () => {
  const fakeSocket = (state: { destroyed?: boolean; writable?: boolean } = {}) => {
    const written: string[] = [];
    let destroyedWith: unknown = 'not destroyed';
    const socket = {
      destroyed: state.destroyed ?? false,
      writable: state.writable ?? true,
      write: (text: string) => written.push(text),
      destroy: (err: unknown) => {
        destroyedWith = err;
      },
    };
    return { socket: socket as unknown as Socket, written, destroyed: () => destroyedWith };
  };

  it('answers an oversized header with 431 in Turkish and closes the connection', () => {
    const { socket, written, destroyed } = fakeSocket();
    const err = Object.assign(new Error('overflow'), { code: 'HPE_HEADER_OVERFLOW' });
    answerConnectionError(err, socket);
    const body = JSON.stringify({ error: 'İstek adresi ya da başlıkları çok uzun' });
    expect(written).toEqual([
      `HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    ]);
    expect(destroyed()).toBe(err);
  });

  it('answers an unknown parser error as an invalid request', () => {
    const { socket, written } = fakeSocket();
    answerConnectionError(Object.assign(new Error('bad'), { code: 'HPE_INVALID_METHOD' }), socket);
    expect(written[0]).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(written[0].endsWith(JSON.stringify({ error: MESSAGES.invalidRequest }))).toBe(true);
  });

  it('writes nothing to a reset, destroyed or unwritable connection', () => {
    const reset = fakeSocket();
    answerConnectionError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), reset.socket);
    expect(reset.written).toEqual([]);
    expect(reset.destroyed()).toBe('not destroyed');
    const gone = fakeSocket({ destroyed: true });
    answerConnectionError(Object.assign(new Error('x'), { code: 'HPE_HEADER_OVERFLOW' }), gone.socket);
    expect(gone.written).toEqual([]);
    const closing = fakeSocket({ writable: false });
    const err = Object.assign(new Error('x'), { code: 'HPE_HEADER_OVERFLOW' });
    answerConnectionError(err, closing.socket);
    expect(closing.written).toEqual([]);
    expect(closing.destroyed()).toBe(err);
  });
});

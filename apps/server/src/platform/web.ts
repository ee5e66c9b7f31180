/** Serves the site (React Router, server-rendered) from this process. Filled by the site work (issue 3). */
import type { FastifyInstance } from 'fastify';
import type { TAppContext } from './context.ts';

export const registerWeb = async (app: FastifyInstance, _ctx: TAppContext) => {
  app.get('/', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send('<!doctype html><title>Casino</title><h1>Casino</h1>'),
  );
};

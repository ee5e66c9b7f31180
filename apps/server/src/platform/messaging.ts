/**
 * Mail and SMS go through a transport: SMTP (nodemailer) when SMTP_URL is set; otherwise the outbox table,
 * which `/dev/mailbox` shows so a person can read the codes (never in production). SMS always goes to the
 * outbox until an SMS provider is configured.
 */
import { desc, sql } from 'drizzle-orm';
import { bigint, bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import type { TConfig } from './config.ts';
import type { TDb } from './db/database.ts';

export const outboxMessages = pgTable('outbox_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull().default(''),
  bodyText: text('body_text').notNull(),
  bodyHtml: text('body_html'),
  playerId: bigint('player_id', { mode: 'number' }),
  sentVia: text('sent_via').notNull().default('outbox'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface TMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  playerId?: number;
}

export interface TMessenger {
  email(message: TMessage): Promise<void>;
  sms(message: Omit<TMessage, 'subject' | 'html'>): Promise<void>;
}

export const createMessenger = (db: TDb, config: TConfig): TMessenger => {
  const smtp = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  const store = async (channel: 'email' | 'sms', m: TMessage) => {
    await db.insert(outboxMessages).values({
      channel,
      recipient: m.to,
      subject: m.subject,
      bodyText: m.text,
      bodyHtml: m.html ?? null,
      playerId: m.playerId ?? null,
    });
  };
  return {
    async email(m) {
      if (smtp)
        await smtp.sendMail({
          from: config.MAIL_FROM,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
        });
      else await store('email', m);
    },
    async sms(m) {
      await store('sms', { ...m, subject: '' });
    },
  };
};

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** `/dev/mailbox?to=…`: the outbox as a page. Registered only outside production. */
export const registerDevMailbox = (app: FastifyInstance, db: TDb) => {
  app.get('/dev/mailbox', async (request, reply) => {
    const to = String((request.query as Record<string, unknown>).to ?? '').trim();
    const rows = await db
      .select()
      .from(outboxMessages)
      .where(to ? sql`lower(${outboxMessages.recipient}) = lower(${to})` : sql`true`)
      .orderBy(desc(outboxMessages.id))
      .limit(100);
    const items = rows
      .map(
        (m) => `<article><header><strong>${escapeHtml(m.subject || '(SMS)')}</strong>
<span>${m.channel} to ${escapeHtml(m.recipient)} · ${m.createdAt.toISOString()}</span></header>
<pre>${linkify(m.bodyText)}</pre></article>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Dev mailbox</title>
<style>body{font:15px system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;background:#0f1420;color:#e7ecf5}
article{background:#182033;border-radius:10px;padding:1rem;margin:1rem 0}header{display:flex;flex-direction:column;gap:.25rem}
span{color:#9aa7c0;font-size:13px}pre{white-space:pre-wrap;font:14px ui-monospace,monospace}a{color:#7cc4ff}
form{display:flex;gap:.5rem}input{flex:1;padding:.5rem;border-radius:6px;border:1px solid #334;background:#0f1420;color:inherit}</style></head>
<body><h1>Dev mailbox</h1><p>Mail and SMS the server would have sent. Not available in production.</p>
<form><label for="to" hidden>Recipient</label><input id="to" name="to" placeholder="Filter by recipient" value="${escapeHtml(to)}"><button>Filter</button></form>
${items || '<p>No messages yet.</p>'}</body></html>`;
  });
  app.get('/dev/mailbox.json', async (request) => {
    const to = String((request.query as Record<string, unknown>).to ?? '').trim();
    return db
      .select()
      .from(outboxMessages)
      .where(to ? sql`lower(${outboxMessages.recipient}) = lower(${to})` : sql`true`)
      .orderBy(desc(outboxMessages.id))
      .limit(100);
  });
};

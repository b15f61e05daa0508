import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema/index.ts';
import type { MailSender } from '../../server/mail/mail.ts';
import { recordMail } from '../../server/mail/outbox.ts';
import { createSmtpMailer } from '../../server/mail/smtp.ts';
import { linkify } from '../../server/routes/devOutbox.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { startSmtpRelay } from './support/smtpRelay.ts';
import { appUrl, call, latestMailTo, makeAccountBrands, resetTokenFrom, signUpMember } from './accounts.helpers.ts';

let t: TestApp;
let relay: Awaited<ReturnType<typeof startSmtpRelay>>;
let smtp: ReturnType<typeof createSmtpMailer>;
const clock = { ms: Date.now(), now: () => clock.ms };

beforeAll(async () => {
  relay = await startSmtpRelay();
  // The sender needs the app's database, which createTestApp opens: hand it over once it exists.
  const mail: MailSender = { kind: 'smtp', send: (m) => smtp.send(m), deliver: (m) => smtp.deliver(m) };
  t = await createTestApp({ now: clock.now, devTools: true, mail });
  smtp = createSmtpMailer(t.db, { url: `smtp://127.0.0.1:${relay.port}`, from: 'Klubb <no-reply@klubb.test>', now: clock.now });
  await makeAccountBrands(t);
}, 60_000);
afterAll(async () => {
  smtp.close();
  await t.close();
  await new Promise((resolve) => relay.server.close(resolve));
});

/** The API's reset mail (POST /v1/password_reset/user), asked for from the Aurora app. */
const requestReset = (email: string) => call(t, { method: 'POST', url: '/v1/password_reset/user', body: { email, appUrl: appUrl.aurora } });
/** The identity protocol's own reset mail (sendOobCode), asked for from the Aurora app. */
const sendOobReset = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=test',
    headers: { origin: appUrl.aurora, host: new URL(appUrl.aurora).host },
    payload: { requestType: 'PASSWORD_RESET', email, tenantId: 'aurora-tenant' },
  });
/** The last mail the relay got, with quoted-printable's soft line breaks ("=" at a line's end) undone. */
const lastDelivered = () => relay.received.at(-1)!.data.replace(/=\r\n/g, '');

describe('SMTP', () => {
  it('sends the reset mail through the relay and records it in the outbox with sent_at', async () => {
    const member = await signUpMember(t);
    const answer = await requestReset(member.email);
    expect(answer.status).toBe(200);
    const mail = (await latestMailTo(t, member.email))!;
    expect(mail.sentAt?.getTime()).toBe(clock.ms);
    const delivered = relay.received.at(-1)!;
    expect(delivered.from).toContain('no-reply@klubb.test');
    expect(delivered.to.join()).toContain(member.email);
    expect(delivered.data).toContain('Subject: Reset your Aurora password');
    expect(delivered.data).toContain(`${appUrl.aurora}/password_reset/`);
  });

  it('keeps the outbox copy without the reset token; the member gets the working link', async () => {
    const member = await signUpMember(t);
    expect((await requestReset(member.email)).status).toBe(200);
    const delivered = lastDelivered();
    const token = resetTokenFrom(delivered)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = (await latestMailTo(t, member.email))!;
    expect(stored.text).toContain(`${appUrl.aurora}/password_reset/…`);
    expect(stored.html).toContain(`${appUrl.aurora}/password_reset/…`);
    expect(`${stored.text}${stored.html}`).not.toContain(token);
    const outbox = await call(t, { method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(member.email)}`, address: '127.0.0.1' });
    expect(outbox.text).not.toContain(token);
    expect((await call(t, { method: 'PUT', url: '/v1/password_update/user', body: { verificationId: token, password: 'ByMail123Pw' } })).status).toBe(200);

    // The identity protocol's reset mail likewise.
    const sent = await sendOobReset(member.email);
    expect(sent.statusCode).toBe(200);
    const code = resetTokenFrom(lastDelivered())!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const oobMail = (await latestMailTo(t, member.email))!;
    expect(oobMail.text).toContain('/password_reset/…');
    expect(`${oobMail.text}${oobMail.html}`).not.toContain(code);
  });

  it('masks each secret it is given, in text and html, only in the stored copy', async () => {
    const to = `masked-${Date.now()}@example.com`;
    await smtp.send({ brandId: null, to, subject: 'Two secrets', text: 'a SECRET1 b SECRET2 c SECRET1', html: '<p>SECRET2</p>', secrets: ['SECRET1', 'SECRET2', ''] });
    expect(relay.received.at(-1)!.data).toContain('a SECRET1 b SECRET2 c SECRET1');
    expect(await latestMailTo(t, to)).toMatchObject({ text: 'a … b … c …', html: '<p>…</p>' });
  });

  it('answers 503 mail_unavailable when the relay refuses, and keeps the unsent mail', async () => {
    const member = await signUpMember(t, 'aurora', { email: `someone-${Date.now()}@refused.example` });
    const answer = await requestReset(member.email);
    expect(answer).toMatchObject({ status: 503, body: { status: 503, code: 'mail_unavailable' } });
    expect((await latestMailTo(t, member.email))!.sentAt).toBeNull();
  });

  it('also carries the identity protocol reset mail (sendOobCode)', async () => {
    const member = await signUpMember(t);
    const before = relay.received.length;
    const sent = await sendOobReset(member.email);
    expect(sent.statusCode).toBe(200);
    expect(relay.received.length).toBe(before + 1);
    expect((await latestMailTo(t, member.email))!.sentAt).not.toBeNull();
  });
});

/** The development pages answer a browser on this machine only. */
const devGet = (request: { url: string; address?: string }) => call(t, { method: 'GET', address: '127.0.0.1', ...request });

describe('GET /dev/outbox', () => {
  it('is not found for a client that is not on this machine', async () => {
    await recordMail(t.db, { brandId: 'aurora', to: 'remote@example.com', subject: 'Secret link', text: 'https://aurora.localhost/password_reset/x' });
    for (const address of ['10.1.2.3', '203.0.113.9', '::ffff:192.0.2.1', '2001:db8::1']) {
      for (const url of ['/dev/outbox', '/dev/outbox.json', '/dev/outbox.json?to=remote@example.com']) {
        const answer = await devGet({ url, address });
        expect({ address, url, status: answer.status, code: answer.body?.code }).toEqual({ address, url, status: 404, code: 'not_found' });
        expect(answer.text).not.toContain('password_reset');
      }
    }
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect({ address, status: (await devGet({ url: '/dev/outbox.json?to=remote@example.com', address })).status }).toEqual({ address, status: 200 });
    }
  });

  it('lists the newest 50 mails, newest first, escaped, with clickable links and no script', async () => {
    for (let i = 0; i < 55; i++) {
      clock.ms += 1000;
      await recordMail(t.db, { brandId: 'aurora', to: `bulk${i}@example.com`, subject: `Bulk ${i}`, text: `Number ${i}` });
    }
    clock.ms += 1000;
    await recordMail(t.db, {
      brandId: 'aurora',
      to: 'mallory@example.com',
      subject: '<script>alert("subject")</script>',
      text: 'Open https://aurora.localhost/password_reset/abc?x=1&y="2" now <img src=x onerror=alert(1)>',
    });
    const page = await devGet({ url: '/dev/outbox' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.text).not.toMatch(/<script|<img|onerror=alert\(1\)>/);
    expect(page.text).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
    expect(page.text).toContain('<a href="https://aurora.localhost/password_reset/abc?x=1&amp;y=">https://aurora.localhost/password_reset/abc?x=1&amp;y=</a>');
    expect(page.text.match(/<article>/g)).toHaveLength(50);
    expect(page.text.indexOf('mallory@example.com')).toBeLessThan(page.text.indexOf('bulk54@example.com'));
    expect(page.text.indexOf('bulk54@example.com')).toBeLessThan(page.text.indexOf('bulk53@example.com'));
    expect(page.text).not.toContain('bulk4@example.com');
  });

  it('has a JSON variant, filtered by recipient', async () => {
    const all = await devGet({ url: '/dev/outbox.json?limit=3' });
    expect(all.body.mails).toHaveLength(3);
    expect(all.body.mails[0]).toMatchObject({ to: 'mallory@example.com', createdAt: expect.any(String), sentAt: null });
    const one = await devGet({ url: '/dev/outbox.json?to=BULK7@example.com' });
    expect(one.body.mails.map((m: { subject: string }) => m.subject)).toEqual(['Bulk 7']);
    expect((await devGet({ url: '/dev/outbox.json?limit=500' })).status).toBe(400);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'bulk7@example.com'))).toHaveLength(1);
  });

  it('lists each mail\'s attachments by file name and content type (page and JSON), and SMTP sends them', async () => {
    clock.ms += 1000;
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    await smtp.send({
      brandId: 'aurora',
      to: 'buyer@example.com',
      subject: 'Your Aurora order',
      text: 'Thank you',
      attachments: [
        { filename: 'event-1.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics },
        { filename: 'event-<2>.ics', contentType: 'text/calendar', content: ics },
      ],
    });
    expect(lastDelivered()).toContain('filename=event-1.ics');
    expect(lastDelivered()).toContain('Content-Type: text/calendar');
    const json = await devGet({ url: '/dev/outbox.json?to=buyer@example.com' });
    expect(json.body.mails[0].attachments).toEqual([
      // Calendar files' text too, to read them as a mail program would.
      { filename: 'event-1.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', size: ics.length, content: ics },
      { filename: 'event-<2>.ics', contentType: 'text/calendar', size: ics.length, content: ics },
    ]);
    const page = await devGet({ url: '/dev/outbox?to=buyer@example.com' });
    expect(page.text).toContain('<span class="filename">event-1.ics</span> (<span class="content-type">text/calendar; charset=utf-8; method=PUBLISH</span>)');
    expect(page.text).toContain('<span class="filename">event-&lt;2&gt;.ics</span>');
    const older = await devGet({ url: '/dev/outbox.json?to=bulk7@example.com' });
    expect(older.body.mails[0].attachments).toEqual([]);
  });

  it('links only http and https addresses', () => {
    expect(linkify('a javascript:alert(1) b mailto:x@y.z c http://x.test/1')).toBe(
      'a javascript:alert(1) b mailto:x@y.z c <a href="http://x.test/1">http://x.test/1</a>',
    );
  });
});

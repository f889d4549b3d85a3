import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHROME_PATH, newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

/*
 * Chatbot admin (issue 29): an admin turns a question the chatbot could not answer into a
 * knowledge-base entry from /admin/chatbot, approves it on /admin-knowledge-base, and the bot then
 * answers the question; the page at 375 and 1280 px; Lighthouse accessibility ≥ 95 on it.
 */
const session = productAndBrowser();
const PHONE = { width: 375, height: 812 };
const QUESTION = '펫보험 되나요?';
const ANSWER = '휴대폰 보험은 개통 후 30일 안에 통신사 부가서비스로 가입할 수 있습니다.';
const UNMATCHED = '죄송합니다. 질문을 잘 이해하지 못했어요.';

async function openWidget(page: Page) {
  const widget = page.getByTestId('chatbot');
  await expect.poll(async () => {
    if (await page.getByTestId('chatbot-open').isVisible()) await page.getByTestId('chatbot-open').click();
    return widget.isVisible();
  }, { timeout: 15_000 }).toBe(true);
  await expect.poll(() => widget.getByTestId('chat-bot').count()).toBeGreaterThan(0);
  return widget;
}

async function ask(page: Page, text: string) {
  const widget = page.getByTestId('chatbot');
  const before = await widget.getByTestId('chat-bot').count();
  await widget.getByTestId('chat-input').fill(text);
  // Enter sends (a guest's welcome toast may cover the 전송 button at 375 px).
  await widget.getByTestId('chat-input').press('Enter');
  await expect.poll(() => widget.getByTestId('chat-bot').count(), { timeout: 10_000 }).toBe(before + 1);
  return (await widget.getByTestId('chat-bot').last().textContent()) ?? '';
}

async function signedInAdmin(viewport?: { width: number; height: number }): Promise<Page> {
  const admin = await newPage(session.browser, session.product.url, viewport);
  await admin.goto('/');
  expect((await admin.request.post('/api/auth/demo', { data: { role: 'admin' } })).status()).toBe(200);
  return admin;
}

describe('chatbot admin (issue 29)', () => {
  it('a 1,000-character question takes three lines in the top questions and the unanswered list, not the page', async () => {
    const visitor = await newPage(session.browser, session.product.url, PHONE);
    await visitor.goto('/');
    await waitForPage(visitor);
    await openWidget(visitor);
    const long = `${'펭귄 '.repeat(332)}ㅋ`;
    expect(long.length).toBe(997);
    expect(await ask(visitor, long)).toContain(UNMATCHED);
    const admin = await signedInAdmin();
    await admin.goto('/admin/chatbot');
    await waitForPage(admin);
    for (const testId of ['chatbot-top-question', 'chatbot-unanswered-item']) {
      const item = admin.getByTestId(testId).filter({ hasText: '펭귄 펭귄' });
      await expect.poll(() => item.count()).toBe(1);
      const box = await item.boundingBox();
      expect(box!.height, testId).toBeLessThan(120);
      expect(await item.getByTitle(long).count(), testId).toBe(1);
    }
    await screenshot(admin, 'chatbot-admin-long-question-1280');
    await admin.context().close();
    await visitor.context().close();
  });

  it('an admin turns an unanswered question into a knowledge-base entry, approves it, and the bot answers it', async () => {
    // A visitor asks something the knowledge base does not know: the bot offers an agent.
    const visitor = await newPage(session.browser, session.product.url, PHONE);
    await visitor.goto('/');
    await waitForPage(visitor);
    await openWidget(visitor);
    expect(await ask(visitor, QUESTION)).toContain(UNMATCHED);

    // The admin finds it among the unanswered questions and adds it (the question comes filled in).
    const admin = await signedInAdmin();
    await admin.goto('/admin');
    await waitForPage(admin);
    await admin.getByRole('tab', { name: '챗봇' }).click();
    await admin.getByRole('link', { name: '챗봇 관리 (지표·설정)' }).click();
    await expect.poll(() => admin.url()).toMatch(/\/admin\/chatbot$/);
    await waitForPage(admin);
    const figures = admin.getByTestId('chatbot-figures');
    await expect.poll(() => figures.textContent()).toContain('미답변 질문');
    const row = admin.getByTestId('chatbot-unanswered-item').filter({ hasText: QUESTION });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await screenshot(admin, 'chatbot-admin-1280');
    await row.getByRole('button', { name: '지식 베이스에 추가' }).click();
    const dialog = admin.getByTestId('chatbot-entry-dialog');
    expect(await dialog.getByTestId('chatbot-entry-question').inputValue()).toBe(QUESTION);
    // No answer yet: refused in Korean before anything is sent.
    await dialog.getByRole('button', { name: '대기 항목으로 추가' }).click();
    await expect.poll(() => dialog.getByText('답변을 2자 이상 입력해주세요').count()).toBe(1);
    await dialog.getByTestId('chatbot-entry-answer').fill(ANSWER);
    await dialog.getByRole('button', { name: '대기 항목으로 추가' }).click();
    await expect.poll(() => row.getByTestId('chatbot-entry-status').textContent(), { timeout: 15_000 }).toBe('지식 베이스 대기');

    // Not approved yet: the bot still does not answer it.
    expect(await ask(visitor, QUESTION)).toContain(UNMATCHED);

    // Reviewed on /admin-knowledge-base: approved.
    await row.getByRole('link', { name: '검토하기' }).click();
    await expect.poll(() => admin.url()).toMatch(/\/admin-knowledge-base$/);
    await waitForPage(admin);
    const entry = admin.getByTestId('kb-entry').filter({ hasText: QUESTION });
    await expect.poll(() => entry.count(), { timeout: 15_000 }).toBe(1);
    expect(await entry.textContent()).toContain('대기');
    expect(await entry.getByTestId('kb-source').textContent()).toBe('출처: 챗봇이 답하지 못한 질문');
    await entry.getByRole('button', { name: '승인' }).click();
    await expect.poll(() => entry.getByRole('button', { name: '승인' }).count(), { timeout: 15_000 }).toBe(0);

    // The bot answers it now.
    await expect.poll(() => ask(visitor, QUESTION), { timeout: 20_000 }).toContain(ANSWER);
    await screenshot(visitor, 'chatbot-answers-new-entry-375');

    // Back on /admin/chatbot: the question shows its entry approved.
    await admin.goto('/admin/chatbot');
    await waitForPage(admin);
    await expect.poll(() => admin.getByTestId('chatbot-unanswered-item').filter({ hasText: QUESTION }).getByTestId('chatbot-entry-status').textContent(), { timeout: 15_000 })
      .toBe('지식 베이스 승인');
  });

  it('the settings card saves the chatbot section, with its history; the page at 375 px', async () => {
    const admin = await signedInAdmin(PHONE);
    await admin.goto('/admin/chatbot');
    await waitForPage(admin);
    const form = admin.getByTestId('chatbot-settings-form');
    await form.getByLabel('상담원 연결 대기 (초)').fill('20');
    await form.getByRole('button', { name: '저장' }).click();
    const history = admin.getByTestId('chatbot-settings-history-item');
    await expect.poll(() => history.count(), { timeout: 15_000 }).toBe(1);
    expect(await history.first().textContent()).toContain('상담원 연결 대기 (초): 3 → 20');
    await screenshot(admin, 'chatbot-admin-375');
    await admin.getByTestId('chatbot-settings-form').scrollIntoViewIfNeeded();
    await screenshot(admin, 'chatbot-admin-settings-375');
  });

  it('Lighthouse accessibility ≥ 95 on /admin/chatbot (signed in as the admin)', async () => {
    const signIn = await fetch(`${session.product.url}/api/auth/demo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ role: 'admin' }) });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const require = createRequire(import.meta.url);
    const cli = path.join(path.dirname(require.resolve('lighthouse/package.json')), 'cli', 'index.js');
    const stdout = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [
        cli, `${session.product.url}/admin/chatbot`, '--output=json', '--output-path=stdout', '--quiet', '--only-categories=accessibility',
        `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
      ], { env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (d: Buffer) => out.push(d));
      child.stderr.on('data', (d: Buffer) => err.push(d));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(Buffer.concat(out).toString('utf8')) : reject(new Error(Buffer.concat(err).toString('utf8').slice(-500)))));
    });
    const report = JSON.parse(stdout) as {
      finalDisplayedUrl: string;
      categories: { accessibility: { score: number } };
      audits: Record<string, { score: number | null; title: string }>;
    };
    const failing = Object.entries(report.audits).filter(([, a]) => a.score === 0).map(([id, a]) => `${id}: ${a.title}`);
    expect(report.finalDisplayedUrl).toMatch(/\/admin\/chatbot$/);
    expect(Math.round(report.categories.accessibility.score * 100), failing.join('\n')).toBeGreaterThanOrEqual(95);
  }, 180_000);
});

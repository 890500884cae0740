import { SECTION_IDS } from '@tradeboard/shared/constants';
import { DEMO_PASSWORD } from '../demo/app-seed.ts';
import type { startTestServices, TestBrowser } from '../testing/index.ts';

/** Helpers shared by the boards service tests. */
export type Services = Awaited<ReturnType<typeof startTestServices>>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const HOME = SECTION_IDS.home;
export const SALES = SECTION_IDS.sales;

let nextIp = 1;

/** A signed-in browser; the other organization's SSO user gets a password for the test. */
export async function signIn(services: Services, email: string): Promise<TestBrowser> {
  if (email.startsWith('sso@')) {
    await services.db.query(
      `UPDATE app.user_master SET login_type = 'PASSWORD',
              password_hash = (SELECT password_hash FROM app.user_master WHERE email = 'rep@tradeboard.example' AND home_user_master_id IS NULL)
        WHERE email = $1 AND home_user_master_id IS NULL`,
      [email],
    );
  }
  const browser = services.browser(`10.9.0.${nextIp++}`);
  const response = await browser.login(email, DEMO_PASSWORD);
  if (response.statusCode !== 200 || response.json().resultType !== 'Success') throw new Error(`login ${email}: ${response.body}`);
  return browser;
}

/** One call; answers status and parsed body. */
export async function call(browser: TestBrowser, method: Method, url: string, body?: unknown) {
  const response = await browser.request(method, `/api${url}`, body === undefined ? {} : { body });
  let json: any = null;
  try {
    json = response.body ? JSON.parse(response.body) : null;
  } catch {
    json = response.body;
  }
  return { status: response.statusCode, body: json };
}

export async function scalar<T = number>(services: Services, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await services.db.query(sql, params);
  return Object.values(rows[0] ?? {})[0] as T;
}

export const boardId = (services: Services, name: string) =>
  scalar(services, 'SELECT board_master_id FROM app.board_master WHERE board_name = $1 ORDER BY board_master_id LIMIT 1', [name]);
export const cardId = (services: Services, board: number, name: string) =>
  scalar(services, 'SELECT card_master_id FROM app.card_master WHERE board_master_id = $1 AND card_name = $2', [board, name]);
export const userId = (services: Services, email: string) =>
  scalar(services, 'SELECT user_master_id FROM app.user_master WHERE email = $1 AND home_user_master_id IS NULL', [email]);

/** Every boards table as JSON, to prove a refused call changed nothing. */
export async function snapshot(services: Services): Promise<string> {
  const tables = [
    'board_master',
    'board_master_x_user_master',
    'board_master_x_role_master',
    'board_user_default',
    'board_user_display',
    'card_master',
    'component_instance',
  ];
  const parts: string[] = [];
  for (const table of tables) {
    parts.push(await scalar<string>(services, `SELECT coalesce(json_agg(t ORDER BY t::text)::text, '[]') FROM app.${table} t`));
  }
  return parts.join('\n');
}

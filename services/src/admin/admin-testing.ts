import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../demo/app-seed.ts';
import { hashPassword } from '../auth/passwords.ts';
import { startTestServices, type TestBrowser } from '../testing/index.ts';

type Services = Awaited<ReturnType<typeof startTestServices>>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The administration tests' kit over one test server: SQL, JSON calls, sign-in, users per admin role. */
export function adminTesting(services: () => Services) {
  const sql = async <T = Record<string, any>>(text: string, values: unknown[] = []) => (await services().db.query(text, values)).rows as T[];
  const send = async (browser: TestBrowser, method: Method, url: string, body?: unknown) => {
    const response = await browser.request(method, `/api${url}`, body === undefined ? {} : { body });
    let json: any;
    try {
      json = response.json();
    } catch {
      json = response.body;
    }
    return { status: response.statusCode, body: json };
  };
  const signIn = async (email: string) => {
    const browser = services().browser();
    expect((await browser.login(email, DEMO_PASSWORD)).statusCode, email).toBe(200);
    return browser;
  };
  /** A Northwind user per built-in role named, signing in as `<role in lower case>@tradeboard.example`. */
  const addRoleUsers = async (roles: readonly string[]) => {
    const hash = await hashPassword(DEMO_PASSWORD);
    for (const role of roles) {
      await sql(
        `INSERT INTO app.user_master (email, full_name, password_hash, role_master_id, customer_master_id)
         SELECT $1, $2, $3, role_master_id, 1 FROM app.role_master WHERE role_name = $2 AND owner_customer_master_id IS NULL`,
        [`${role.toLowerCase()}@tradeboard.example`, role, hash],
      );
    }
    return hash;
  };
  return { sql, send, signIn, addRoleUsers };
}

import { SECTION_IDS } from '@tradeboard/shared/constants';
import { DEFAULT_SETTINGS } from '@tradeboard/shared/user-settings';
import type { Db } from '../db/database.ts';
import { hashPassword } from '../auth/passwords.ts';
import { seedBoards, updateBoardsSeed } from './boards-seed.ts';

export const DEMO_PASSWORD = 'Demo-2026!';
/** The demo two-factor account's authenticator key (README: how to get its codes). */
export const DEMO_TOTP_SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';

export const ORGANIZATION = { id: 1, name: 'Northwind Industrial Supply' };
const SSO_ORGANIZATION = { id: 2, name: 'Contoso Electric (single sign-on)' };

const ROLES = [
  { id: 1, name: 'RTSAdmin', admin: true },
  { id: 2, name: 'SiteOwner', admin: true },
  { id: 3, name: 'SiteAdmin', admin: true },
  { id: 4, name: 'RoleAdmin', admin: true },
  { id: 5, name: 'UserAdmin', admin: true },
  { id: 6, name: 'Manager', admin: false },
  { id: 7, name: 'SalesRep', admin: false },
  { id: 8, name: 'Viewer', admin: false },
] as const;

/** Role settings that differ from the defaults. */
const ROLE_SETTINGS: Record<string, Record<string, string>> = {
  SiteAdmin: {
    AllowPageEditing: 'true',
    DisplayDefaultSectionTemplates: 'true',
    GoalWizardAccess: 'true',
    GoalBookingWizardAccess: 'true',
    GoalActivityWizardAccess: 'true',
  },
  Manager: { AllowPageEditing: 'true', DisplayDefaultSectionTemplates: 'true', SalesGoalAccessRight: 'true', BookingsGoalAccessRight: 'true' },
  SalesRep: { AllowPageEditing: 'true', DisplayDefaultSectionTemplates: 'true', SalesGoalAccessRight: 'true' },
};

const TOGGLES = [
  { name: 'CustomerModeEnabled', valueType: 1, defaultValue: 'false' },
  { name: 'SalesRepSplitsApplied', valueType: 1, defaultValue: 'false' },
];

/** id, sectionName, route, menuIcon (seed 000 "App shell"), in sidebar order. */
const SITE_MENU: Array<[number, string, string]> = [
  [1, 'home', 'home'],
  [2, 'accounts', 'office building'],
  [3, 'sales', 'banknotes'],
  [4, 'orders', 'shopping cart'],
  [5, 'quotes', 'clipboard list'],
  [10, 'purchaseOrders', 'truck'],
  [13, 'inventory', 'library'],
  [1021, 'accounting', 'cash'],
  [1018, 'crm', 'briefcase'],
  [14, 'contacts', 'user group'],
  [15, 'suppliers', 'scale'],
  [17, 'shipments', 'money check'],
  [6, 'reports', 'credit card'],
];
const NOTIFICATIONS_MENU_ID = 9001;

type DemoUser = {
  email: string;
  fullName: string;
  role: (typeof ROLES)[number]['name'];
  salesRep?: string;
  organization?: number;
  loginType?: 'PASSWORD' | 'EXTERNAL';
  twoFactor?: 'configured' | 'not configured';
};

export const DEMO_USERS: DemoUser[] = [
  { email: 'admin@tradeboard.example', fullName: 'Alex Admin', role: 'SiteAdmin' },
  { email: 'manager@tradeboard.example', fullName: 'Mary Manager', role: 'Manager', salesRep: 'SM01' },
  { email: 'rep@tradeboard.example', fullName: 'Rick Rep', role: 'SalesRep', salesRep: 'SR01' },
  { email: 'rep2@tradeboard.example', fullName: 'Rita Rep2', role: 'SalesRep', salesRep: 'SR02' },
  { email: 'twofactor@tradeboard.example', fullName: 'Tara Twofactor', role: 'SalesRep', salesRep: 'SR03', twoFactor: 'configured' },
  { email: 'setup2fa@tradeboard.example', fullName: 'Sam Setup', role: 'SalesRep', salesRep: 'SR04', twoFactor: 'not configured' },
  { email: 'viewer@tradeboard.example', fullName: 'Vera Viewer', role: 'Viewer' },
  { email: 'sso@tradeboard.example', fullName: 'Sunny Sso', role: 'SalesRep', organization: SSO_ORGANIZATION.id, loginType: 'EXTERNAL' },
];

/** Sections, menu, roles, settings, toggles and the demo users; does nothing when users exist. */
export async function seedApplication(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM app.user_master');
  if (rows[0]!.n > 0) {
    await updateBoardsSeed(db);
    return false;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO app.customer_master (customer_master_id, customer_name, erp_master_id, edition_master_id)
       VALUES ($1, $2, 1, 3), ($3, $4, 1, 2)`,
      [ORGANIZATION.id, ORGANIZATION.name, SSO_ORGANIZATION.id, SSO_ORGANIZATION.name],
    );
    await client.query(
      `INSERT INTO app.saml_idp (customer_master_id, entity_id, sso_url) VALUES ($1, $2, $3)`,
      [SSO_ORGANIZATION.id, 'https://sso.contoso.example/saml2', 'https://sso.contoso.example/saml2/sso'],
    );
    await client.query(
      `INSERT INTO app.role_master (role_master_id, role_name, is_admin)
       SELECT * FROM unnest($1::int[], $2::text[], $3::bool[])`,
      [ROLES.map((r) => r.id), ROLES.map((r) => r.name), ROLES.map((r) => r.admin)],
    );
    const sections = Object.entries(SECTION_IDS);
    await client.query(
      'INSERT INTO app.section_master (section_master_id, section_name) SELECT * FROM unnest($1::int[], $2::text[])',
      [sections.map(([, id]) => id), sections.map(([name]) => name)],
    );
    const menu = [
      ...SITE_MENU.map(([sectionId, name, icon]) => ({ id: sectionId, sectionId, name, icon })),
      { id: NOTIFICATIONS_MENU_ID, sectionId: null, name: 'notifications', icon: 'bell' },
    ];
    await client.query(
      `INSERT INTO app.site_menu (id, section_master_id, section_name, route, menu_icon, display_order)
       SELECT id, section_id, name, name, icon, ord FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::int[])
         AS m(id, section_id, name, icon, ord)`,
      [menu.map((m) => m.id), menu.map((m) => m.sectionId), menu.map((m) => m.name), menu.map((m) => m.icon), menu.map((_, i) => i + 1)],
    );
    const settings = Object.entries(DEFAULT_SETTINGS);
    await client.query(
      'INSERT INTO app.setting_master (setting_name, default_value) SELECT * FROM unnest($1::text[], $2::text[])',
      [settings.map(([name]) => name), settings.map(([, value]) => value)],
    );
    for (const [roleName, values] of Object.entries(ROLE_SETTINGS)) {
      await client.query(
        `INSERT INTO app.setting_role (role_master_id, setting_master_id, setting_value)
         SELECT r.role_master_id, m.setting_master_id, v.value
           FROM unnest($2::text[], $3::text[]) AS v(name, value)
           JOIN app.setting_master m ON m.setting_name = v.name
           JOIN app.role_master r ON r.role_name = $1`,
        [roleName, Object.keys(values), Object.values(values)],
      );
    }
    await client.query(
      'INSERT INTO app.toggle_master (toggle_name, value_type, default_value) SELECT * FROM unnest($1::text[], $2::int[], $3::text[])',
      [TOGGLES.map((t) => t.name), TOGGLES.map((t) => t.valueType), TOGGLES.map((t) => t.defaultValue)],
    );
    for (const user of DEMO_USERS) {
      const external = user.loginType === 'EXTERNAL';
      await client.query(
        `INSERT INTO app.user_master (email, full_name, password_hash, login_type, role_master_id, customer_master_id,
                                      sales_rep, two_factor_required, totp_secret, totp_confirmed)
         SELECT $1, $2, $3, $4, role_master_id, $6, $7, $8, $9, $10 FROM app.role_master WHERE role_name = $5`,
        [
          user.email,
          user.fullName,
          external ? null : passwordHash,
          user.loginType ?? 'PASSWORD',
          user.role,
          user.organization ?? ORGANIZATION.id,
          user.salesRep ?? null,
          user.twoFactor !== undefined,
          user.twoFactor === 'configured' ? DEMO_TOTP_SECRET : null,
          user.twoFactor === 'configured',
        ],
      );
    }
    await client.query(
      `INSERT INTO app.notification (user_master_id, subject, body)
       SELECT u.user_master_id, 'Welcome to notifications',
              'Set up alerts under Notifications › Management: inactive customers, past-due order and quote lines, sales comparisons and reorder rhythm.'
         FROM app.user_master u
        WHERE u.email IN ('admin@tradeboard.example', 'rep@tradeboard.example')`,
    );
    await seedBoards(client);
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

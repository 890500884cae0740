/**
 * The modules an organization can switch off (issue 25 "Modules per organization"), as data: each
 * module is a remote (gateway KNOWN_REMOTES id) or an area inside one, with the routes it shows
 * and the features it carries (each with its own routes). The admin and sign-in modules are
 * locked: the Modules page cannot switch them off.
 */
export type ModuleFeature = { featureId: string; title: string; routes: readonly string[]; calls?: readonly string[] };
export type ModuleDefinition = {
  moduleId: string;
  title: string;
  /** The remote that serves it (gateway KNOWN_REMOTES id); the module may be a part of it. */
  remoteId: string;
  routes: readonly string[];
  /** The API paths (prefixes, without /api) only this module serves: refused while it is switched off. */
  calls?: readonly string[];
  features: readonly ModuleFeature[];
  locked?: boolean;
};

const section = (featureId: string, title: string, ...routes: string[]): ModuleFeature => ({
  featureId,
  title,
  routes: routes.length ? routes : [`/${featureId}`],
});

export const MODULES: readonly ModuleDefinition[] = [
  {
    moduleId: 'boards',
    title: 'Boards and sections',
    remoteId: 'boards',
    routes: [],
    features: [
      section('sales', 'Sales'),
      section('orders', 'Orders'),
      section('quotes', 'Quotes'),
      section('reports', 'Reports'),
      section('purchaseOrders', 'Purchase Orders'),
      section('inventory', 'Inventory', '/inventory', '/inventoryDetail'),
      section('suppliers', 'Suppliers', '/suppliers', '/supplierSummary'),
      section('shipments', 'Shipments'),
      section('accounting', 'Accounting'),
    ],
  },
  {
    moduleId: 'accounts',
    title: 'Accounts (search, map, documents)',
    remoteId: 'accounts',
    routes: ['/search', '/map', '/details'],
    features: [
      section('search', 'Search'),
      { ...section('map', 'Map and route planner'), calls: ['/Map', '/MapRoutes', '/ShipTo/Map'] },
      section('details', 'Document pages (invoices, orders, quotes, purchase orders)'),
    ],
  },
  {
    moduleId: 'crm',
    title: 'CRM',
    remoteId: 'crm',
    routes: ['/crm', '/contactSummary', '/settings/dataManager'],
    calls: ['/ActivityTransaction', '/DataManager'],
    features: [section('contacts', 'Contacts', '/contacts', '/contactSummary')],
  },
  {
    moduleId: 'goals',
    title: 'Goals',
    remoteId: 'goals',
    routes: ['/settings/goalsSetup', '/settings/salesGoals', '/settings/bookingsGoals', '/settings/activityGoals'],
    features: [
      { ...section('salesGoals', 'Sales goals', '/settings/salesGoals'), calls: ['/SalesGoal'] },
      { ...section('bookingsGoals', 'Bookings goals', '/settings/bookingsGoals'), calls: ['/BookingsGoal'] },
      { ...section('activityGoals', 'Activity goals', '/settings/activityGoals'), calls: ['/ActivityGoal'] },
    ],
  },
  { moduleId: 'admin', title: 'Administration', remoteId: 'admin', routes: ['/settings'], features: [], locked: true },
  { moduleId: 'auth', title: 'Sign-in', remoteId: 'auth', routes: ['/login', '/logout'], features: [], locked: true },
];

export function moduleById(moduleId: string): ModuleDefinition | undefined {
  return MODULES.find((m) => m.moduleId === moduleId);
}

/** A module or feature switched off for the user's organization (or deployment), with the routes it hides. */
export type DisabledArea = { moduleId: string; featureId: string; reason: string; routes: string[] };

/** The routes of a module switch: the feature's, or the whole module's (its own and its features'). */
export function routesOf(moduleId: string, featureId: string): string[] {
  const module = moduleById(moduleId);
  if (!module) return [];
  if (featureId) return [...(module.features.find((f) => f.featureId === featureId)?.routes ?? [])];
  return [...module.routes, ...module.features.flatMap((f) => f.routes)];
}

/** The calls of a module switch: the feature's, or the whole module's (its own and its features'). */
export function callsOf(moduleId: string, featureId: string): string[] {
  const module = moduleById(moduleId);
  if (!module) return [];
  if (featureId) return [...(module.features.find((f) => f.featureId === featureId)?.calls ?? [])];
  return [...(module.calls ?? []), ...module.features.flatMap((f) => f.calls ?? [])];
}

/** Whether an API path (without /api, as a contract spells it) is one of `calls` or under one. */
export function isUnderCall(path: string, calls: readonly string[]): boolean {
  const lower = path.toLowerCase();
  return calls.some((call) => lower === call.toLowerCase() || lower.startsWith(`${call.toLowerCase()}/`));
}

import { SECTION_IDS } from '@tradeboard/shared/constants';
import type { BoardDefinition } from '../boards/board-content.ts';
import { catalogueId } from './component-catalogue-all.ts';

/**
 * The organization's default board per section, built from the component catalogue so a new
 * user sees his numbers at first sign-in. Cards sit on the 12-column grid of mf-boards; each
 * instance starts with its master's default config.
 */

type CardSpec = { cardName: string; components: string[]; w: number; h: number };
type Card = NonNullable<BoardDefinition['cards']>[number];

const GRID_COLS = 12;

/** Places cards left to right on the grid, wrapping at 12 columns; `top` is the first row's y. */
export function layoutCards(specs: readonly CardSpec[], top = 0): Card[] {
  let x = 0;
  let y = top;
  let rowHeight = 0;
  return specs.map(({ cardName, components, w, h }) => {
    if (x + w > GRID_COLS) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    const card: Card = {
      cardName,
      layout: { x, y, w, h },
      componentInstances: components.map((displayName) => ({ componentMasterId: catalogueId(displayName), componentInstanceName: displayName })),
    };
    x += w;
    rowHeight = Math.max(rowHeight, h);
    return card;
  });
}

const KPI_HEIGHT = 5;
const SUMMARY_HEIGHT = 6;
const LIST_HEIGHT = 20;

/**
 * "Open Orders by Customer" → "Open orders by customer", "AR Aging by Customer" → "AR aging by
 * customer": a card named after its one component, its words after the first in lower case but
 * for those written in capitals (AR, AP, KPI …).
 */
const sentence = (name: string) =>
  name
    .split(' ')
    .map((word, i) => (i === 0 || /^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
/** Summary tiles across the board. */
const figures = (cardName: string, ...components: string[]): CardSpec => ({ cardName, components, w: 12, h: SUMMARY_HEIGHT });
/** KPIs four to a row, one a card. */
const kpis = (...components: string[]): CardSpec[] => components.map((c) => ({ cardName: sentence(c), components: [c], w: 3, h: KPI_HEIGHT }));
/** Half-width cards, one component each. */
const halves = (...components: string[]): CardSpec[] => components.map((c) => ({ cardName: sentence(c), components: [c], w: 6, h: LIST_HEIGHT }));
const wide = (cardName: string, ...components: string[]): CardSpec => ({ cardName, components, w: 12, h: LIST_HEIGHT });

/** Home: this month's figures, sales by month, top customers, open orders and quotes. */
export const HOME_DASHBOARD: readonly CardSpec[] = [
  ...kpis('Sales This Month', 'Bookings This Month', 'Orders This Month', 'Sales Year To Date'),
  ...halves('Sales by Month', 'Top Customers by Sales', 'Open Orders by Customer', 'Open Quotes by Customer'),
];

/** Every role but Viewer: boards with buying costs and payables are shared with these instead of public. */
const STAFF_ROLES = ['RTSAdmin', 'SiteOwner', 'SiteAdmin', 'RoleAdmin', 'UserAdmin', 'Manager', 'SalesRep'];

/**
 * The other sections' default boards, owned by the site administrator: public, or shared
 * read-only with `roles` when some roles may not see them.
 */
export const SECTION_BOARDS: ReadonlyArray<{ sectionMasterId: number; boardName: string; cards: readonly CardSpec[]; roles?: readonly string[] }> = [
  {
    sectionMasterId: SECTION_IDS.sales,
    boardName: 'Sales',
    cards: [
      figures('Sales summary', 'Sales Summary'),
      ...halves('Sales Year over Year by Month', 'Sales Comparison by Customer', 'Sales by Sales Rep', 'Sales by Product Group'),
      wide('Bookings', 'Bookings by Month', 'Top Customers by Bookings'),
      wide('Invoice lines', 'Invoice Lines'),
    ],
  },
  {
    sectionMasterId: SECTION_IDS.orders,
    boardName: 'Orders',
    cards: [figures('Orders summary', 'Orders Summary'), ...halves('Open Orders by Customer', 'Open Orders by Status', 'Orders Entered by Month', 'Open Orders by Location')],
  },
  {
    sectionMasterId: SECTION_IDS.quotes,
    boardName: 'Quotes',
    cards: halves('Open Quotes by Customer', 'Open Quotes by Sales Rep', 'Quotes by Status', 'Quotes by Month'),
  },
  {
    // Every component here is narrowed to the account by the page's implicit filter (seed 000 §2).
    sectionMasterId: SECTION_IDS.accountSummary,
    boardName: 'Account Summary',
    cards: [
      figures('Sales summary', 'Sales Summary'),
      ...halves('Sales Year over Year by Month', 'White Space', 'Top Items by Sales', 'Open Orders by Item', 'Open Quotes by Item', 'Customer Notes'),
      wide('Invoice lines', 'Invoice Lines'),
      wide('Open invoices', 'Open AR Invoices'),
      wide('Items no longer bought', 'Inactive Items'),
      wide('Returns (RMAs)', 'Returns (RMAs)'),
    ],
  },
  {
    sectionMasterId: SECTION_IDS.accounts,
    boardName: 'Accounts',
    cards: [
      wide('Customers', 'Customers'),
      ...halves('Top Customers by Sales', 'Sales Comparison by Customer', 'Ship-Tos', 'Prospects'),
      wide('AR aging by customer', 'AR Aging by Customer'),
    ],
  },
  {
    sectionMasterId: SECTION_IDS.contacts,
    boardName: 'Contacts',
    cards: [wide('Customers', 'Customers'), ...halves('Customer Notes', 'First-Time Buyers', 'Open Quotes by Customer', 'Business Health by Customer')],
  },
  {
    // The contact's own header is the accounts remote's; the board holds what a call to a customer's contact is about.
    sectionMasterId: SECTION_IDS.contactSummary,
    boardName: 'Contact Summary',
    cards: [...halves('Customer Notes', 'Open Quotes by Customer'), wide('Quote lines', 'Quote Lines'), wide('Recent shipments', 'Recent Shipments')],
  },
  {
    sectionMasterId: SECTION_IDS.suppliers,
    boardName: 'Suppliers',
    roles: STAFF_ROLES,
    cards: [
      wide('Suppliers', 'Suppliers'),
      ...halves('Purchases by Supplier', 'Open Purchase Orders by Supplier', 'Supplier On-Time by Supplier', 'AP Aging by Supplier', 'Inventory Value by Supplier', 'Supplier Notes'),
    ],
  },
  {
    // Narrowed to the supplier by the page's implicit filter (supplier and company of its query).
    sectionMasterId: SECTION_IDS.supplierSummary,
    boardName: 'Supplier Summary',
    roles: STAFF_ROLES,
    cards: [
      wide('Purchasing summary', 'Purchasing Summary'),
      ...halves('Purchases by Month', 'Open Purchase Orders by Location'),
      wide('Purchase order lines', 'Purchase Order Lines'),
      wide('Open AP vouchers', 'Open AP Vouchers'),
      ...halves('Inventory Value by Product Group', 'Supplier Notes'),
    ],
  },
  {
    // Narrowed to the item by the page's implicit filter (seed 000 §2).
    sectionMasterId: SECTION_IDS.inventoryDetail,
    boardName: 'Item Detail',
    cards: [
      wide('Stock by location', 'Inventory by Location'),
      ...halves('Sales by Month', 'Top Customers by Sales', 'Open Orders by Customer', 'Open Quotes by Customer'),
      wide('Invoice lines', 'Invoice Lines'),
    ],
  },
  {
    sectionMasterId: SECTION_IDS.crm,
    boardName: 'CRM',
    cards: [
      figures('Activity figures', 'Activity Figures'),
      wide('Opportunity figures', 'Opportunity Figures'),
      ...halves('Opportunity Funnel', 'Open Quotes by Customer'),
      wide('Pipeline by stage', 'Pipeline by Stage'),
      wide('Activities', 'Activities'),
      wide('Opportunities', 'Opportunities'),
      ...halves('Quote Conversion by Customer', 'Quotes by Status', 'Business Health by Customer', 'Customer Notes', 'First-Time Buyers'),
    ],
  },
  {
    sectionMasterId: SECTION_IDS.reports,
    boardName: 'Reports',
    cards: [
      wide('Invoice lines', 'Invoice Lines'),
      ...halves('Sales Comparison by Customer', 'Sales Year over Year by Product Group'),
      wide('Order lines', 'Order Lines'),
      wide('Item usage log', 'Item Usage Log'),
    ],
  },
  {
    sectionMasterId: SECTION_IDS.shipments,
    boardName: 'Shipments and Service',
    cards: [
      wide('Recent shipments', 'Recent Shipments'),
      ...halves('Shipments by Carrier', 'Shipments by Branch'),
      figures('Service summary', 'Service Summary'),
      ...halves('Open Service Orders by Status', 'Open Service Orders by Technician'),
      wide('Open service orders', 'Open Service Orders'),
    ],
  },
  {
    sectionMasterId: SECTION_IDS.purchaseOrders,
    boardName: 'Purchasing',
    roles: STAFF_ROLES,
    cards: [
      wide('Purchasing summary', 'Purchasing Summary'),
      ...halves('Purchases by Supplier', 'Open Purchase Orders by Supplier', 'Supplier On-Time by Supplier', 'Purchases by Month'),
      wide('Purchase order lines', 'Purchase Order Lines'),
    ],
  },
  {
    sectionMasterId: SECTION_IDS.inventory,
    boardName: 'Inventory',
    cards: [
      ...halves('Inventory Value by Product Group', 'Inventory Aging by Product Group', 'Reorder Suggestions', 'Slow-Moving Stock'),
      wide('Inventory summary', 'Inventory Summary'),
      ...halves('Inventory Adjustments by Reason', 'Inventory Adjustments'),
    ],
  },
  {
    sectionMasterId: SECTION_IDS.accounting,
    boardName: 'Accounting',
    roles: STAFF_ROLES,
    cards: [...halves('AR Aging by Customer', 'AR Aging by Sales Rep'), wide('Open AR invoices', 'Open AR Invoices'), ...halves('AP Aging by Supplier', 'AR to AP Ratio by Branch')],
  },
];

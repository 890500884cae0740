/** Fixed reference data for the demo distributor: organization, places, catalogue words, names. */

export const COMPANIES = [
  { company: '01', name: 'Northwind Industrial Supply', share: 0.85 },
  { company: '02', name: 'Northwind Fluid Power', share: 0.15 },
] as const;

export type Place = { city: string; state: string; zip: string; area: string; lat: number; lon: number };

export type BranchDef = {
  company: string;
  branch: string;
  name: string;
  address1: string;
  home: Place;
  /** Towns its customers are in. */
  towns: Place[];
};

const p = (city: string, state: string, zip: string, area: string, lat: number, lon: number): Place => ({
  city, state, zip, area, lat, lon,
});

export const BRANCHES: BranchDef[] = [
  {
    company: '01', branch: 'CHI', name: 'Chicago', address1: '2200 W Pershing Rd',
    home: p('Chicago', 'IL', '606', '312', 41.82, -87.68),
    towns: [p('Chicago', 'IL', '606', '773', 41.85, -87.65), p('Elk Grove Village', 'IL', '600', '847', 42.0, -87.97),
      p('Joliet', 'IL', '604', '815', 41.53, -88.08), p('Aurora', 'IL', '605', '630', 41.76, -88.32),
      p('Naperville', 'IL', '605', '630', 41.75, -88.15), p('Waukegan', 'IL', '600', '847', 42.36, -87.84),
      p('Cicero', 'IL', '608', '708', 41.84, -87.75), p('Gary', 'IN', '464', '219', 41.6, -87.35)],
  },
  {
    company: '01', branch: 'MKE', name: 'Milwaukee', address1: '5100 S 6th St',
    home: p('Milwaukee', 'WI', '532', '414', 42.95, -87.92),
    towns: [p('Milwaukee', 'WI', '532', '414', 43.04, -87.91), p('Waukesha', 'WI', '531', '262', 43.01, -88.23),
      p('Racine', 'WI', '534', '262', 42.73, -87.78), p('Kenosha', 'WI', '531', '262', 42.58, -87.82),
      p('West Allis', 'WI', '532', '414', 43.02, -88.01), p('Sheboygan', 'WI', '530', '920', 43.75, -87.71)],
  },
  {
    company: '01', branch: 'IND', name: 'Indianapolis', address1: '4400 W Morris St',
    home: p('Indianapolis', 'IN', '462', '317', 39.75, -86.23),
    towns: [p('Indianapolis', 'IN', '462', '317', 39.77, -86.16), p('Anderson', 'IN', '460', '765', 40.1, -85.68),
      p('Muncie', 'IN', '473', '765', 40.19, -85.39), p('Lafayette', 'IN', '479', '765', 40.42, -86.88),
      p('Columbus', 'IN', '472', '812', 39.2, -85.92), p('Kokomo', 'IN', '469', '765', 40.49, -86.13)],
  },
  {
    company: '01', branch: 'DET', name: 'Detroit', address1: '12800 Ford Rd',
    home: p('Dearborn', 'MI', '481', '313', 42.33, -83.2),
    towns: [p('Detroit', 'MI', '482', '313', 42.33, -83.05), p('Warren', 'MI', '480', '586', 42.49, -83.03),
      p('Sterling Heights', 'MI', '483', '586', 42.58, -83.03), p('Livonia', 'MI', '481', '734', 42.37, -83.35),
      p('Troy', 'MI', '480', '248', 42.6, -83.15), p('Flint', 'MI', '485', '810', 43.01, -83.69),
      p('Toledo', 'OH', '436', '419', 41.65, -83.54)],
  },
  {
    company: '01', branch: 'STL', name: 'St. Louis', address1: '1750 Page Industrial Blvd',
    home: p('St. Louis', 'MO', '631', '314', 38.71, -90.4),
    towns: [p('St. Louis', 'MO', '631', '314', 38.63, -90.2), p('St. Charles', 'MO', '633', '636', 38.78, -90.48),
      p('Chesterfield', 'MO', '630', '636', 38.66, -90.58), p('Granite City', 'IL', '620', '618', 38.7, -90.15),
      p('Belleville', 'IL', '622', '618', 38.52, -89.98), p('Fenton', 'MO', '630', '636', 38.51, -90.44)],
  },
  {
    company: '02', branch: 'CLE', name: 'Cleveland', address1: '4700 Van Epps Rd',
    home: p('Brooklyn Heights', 'OH', '441', '216', 41.42, -81.68),
    towns: [p('Cleveland', 'OH', '441', '216', 41.5, -81.69), p('Akron', 'OH', '443', '330', 41.08, -81.52),
      p('Elyria', 'OH', '440', '440', 41.37, -82.11), p('Mentor', 'OH', '440', '440', 41.67, -81.34),
      p('Canton', 'OH', '447', '330', 40.8, -81.38), p('Youngstown', 'OH', '445', '330', 41.1, -80.65),
      p('Solon', 'OH', '441', '440', 41.39, -81.44)],
  },
];

/** Warehouses: one per branch, plus the central distribution center of company 01. */
export const LOCATIONS = [
  ...BRANCHES.map((b) => ({ company: b.company, location: b.branch, name: `${b.name} Warehouse`, branch: b.branch, city: b.home.city, state: b.home.state })),
  { company: '01', location: 'DC1', name: 'Joliet Distribution Center', branch: 'CHI', city: 'Joliet', state: 'IL' },
];

export type RepDef = { code: string; name: string; email: string; branch: string; manager: string | null; weight: number };

/** The sales force. SR01, SR02 and SM01 are the demo sign-ins (rep, rep2, manager). */
export const SALES_REPS: RepDef[] = [
  { code: 'SM01', name: 'Mary Manager', email: 'manager@tradeboard.example', branch: 'CHI', manager: null, weight: 0.15 },
  { code: 'SR01', name: 'Rick Rep', email: 'rep@tradeboard.example', branch: 'CHI', manager: 'SM01', weight: 1.1 },
  { code: 'SR02', name: 'Rita Rep2', email: 'rep2@tradeboard.example', branch: 'MKE', manager: 'SM01', weight: 1.0 },
  { code: 'SR03', name: 'Dan Kowalski', email: 'dan.kowalski@tradeboard.example', branch: 'CHI', manager: 'SM01', weight: 1.0 },
  { code: 'SR04', name: 'Angela Ruiz', email: 'angela.ruiz@tradeboard.example', branch: 'CHI', manager: 'SM01', weight: 0.9 },
  { code: 'SR05', name: 'Greg Olsen', email: 'greg.olsen@tradeboard.example', branch: 'MKE', manager: 'SM01', weight: 1.0 },
  { code: 'SR06', name: 'Priya Natarajan', email: 'priya.natarajan@tradeboard.example', branch: 'IND', manager: 'SM01', weight: 1.0 },
  { code: 'SR07', name: 'Kevin Doyle', email: 'kevin.doyle@tradeboard.example', branch: 'IND', manager: 'SM01', weight: 0.8 },
  { code: 'SR08', name: 'Tasha Brooks', email: 'tasha.brooks@tradeboard.example', branch: 'DET', manager: 'SM01', weight: 1.0 },
  { code: 'SR09', name: 'Mike Szymanski', email: 'mike.szymanski@tradeboard.example', branch: 'DET', manager: 'SM01', weight: 0.9 },
  { code: 'SR10', name: 'Laura Becker', email: 'laura.becker@tradeboard.example', branch: 'STL', manager: 'SM01', weight: 1.0 },
  { code: 'SR11', name: 'Jamal Carter', email: 'jamal.carter@tradeboard.example', branch: 'STL', manager: 'SM01', weight: 0.8 },
  { code: 'SR12', name: 'Emily Novak', email: 'emily.novak@tradeboard.example', branch: 'DET', manager: 'SM01', weight: 0.6 },
  { code: 'SM02', name: 'Tom Brennan', email: 'tom.brennan@tradeboard.example', branch: 'CLE', manager: null, weight: 0.15 },
  { code: 'SR13', name: 'Nicole Harris', email: 'nicole.harris@tradeboard.example', branch: 'CLE', manager: 'SM02', weight: 1.0 },
  { code: 'SR14', name: 'Brian Walsh', email: 'brian.walsh@tradeboard.example', branch: 'CLE', manager: 'SM02', weight: 1.0 },
  { code: 'SR15', name: 'Carlos Mendez', email: 'carlos.mendez@tradeboard.example', branch: 'CLE', manager: 'SM02', weight: 0.8 },
  { code: 'SR16', name: 'Hannah Lee', email: 'hannah.lee@tradeboard.example', branch: 'CLE', manager: 'SM02', weight: 0.7 },
];

export type GroupDef = {
  code: string;
  name: string;
  nouns: string[];
  attrs: string[];
  sizes: string[];
  /** Median unit cost in dollars. */
  cost: number;
  /** Share of the item catalogue. */
  weight: number;
};

export const PRODUCT_GROUPS: GroupDef[] = [
  { code: 'FAS', name: 'Fasteners', nouns: ['Hex Cap Screw', 'Socket Head Cap Screw', 'Flange Nut', 'Lock Washer', 'Anchor Bolt', 'Carriage Bolt'], attrs: ['Grade 5 Zinc', 'Grade 8 Yellow', '18-8 Stainless', 'Plain Steel'], sizes: ['1/4-20 x 1', '3/8-16 x 1-1/2', '1/2-13 x 2', 'M8 x 25', 'M10 x 40', '5/8-11 x 3'], cost: 0.9, weight: 14 },
  { code: 'BRG', name: 'Bearings', nouns: ['Ball Bearing', 'Pillow Block', 'Tapered Roller Bearing', 'Flange Unit', 'Needle Bearing'], attrs: ['Sealed', 'Shielded', 'Open', 'Setscrew Lock'], sizes: ['6203', '6205', '1 in Bore', '1-7/16 in Bore', '30208', '35 mm'], cost: 18, weight: 7 },
  { code: 'PTX', name: 'Power Transmission', nouns: ['V-Belt', 'Roller Chain', 'Sprocket', 'Sheave', 'Jaw Coupling', 'Gear Reducer'], attrs: ['Industrial', 'Heavy Duty', 'Cogged', 'Taper Lock'], sizes: ['A48', 'B62', '#40 x 10 ft', '#60 x 10 ft', '1-1/8 in Bore', '20:1'], cost: 32, weight: 6 },
  { code: 'HYD', name: 'Hydraulics', nouns: ['Hydraulic Cylinder', 'Gear Pump', 'Directional Valve', 'Return Filter', 'Pressure Gauge'], attrs: ['3000 PSI', 'Tie-Rod', 'Cast Iron', 'NFPA'], sizes: ['2 x 8', '3 x 12', 'D03', '10 Micron', '2.5 in Dial', '1/2 NPT'], cost: 95, weight: 5 },
  { code: 'PNU', name: 'Pneumatics', nouns: ['Air Cylinder', 'Solenoid Valve', 'FRL Unit', 'Push-to-Connect Fitting', 'Air Regulator'], attrs: ['ISO', 'Compact', 'Brass', 'Nickel Plated'], sizes: ['1/4 NPT', '3/8 NPT', '1/4 Tube', '32 mm Bore', '50 mm Stroke'], cost: 28, weight: 5 },
  { code: 'HOS', name: 'Hose & Fittings', nouns: ['Hydraulic Hose', 'Air Hose', 'Crimp Fitting', 'Camlock Coupling', 'Hose Clamp'], attrs: ['2-Wire', 'Rubber', 'Steel', 'Aluminum', 'Stainless'], sizes: ['-4', '-8', '-12', '3/4 in', '1 in', '2 in'], cost: 7, weight: 7 },
  { code: 'CUT', name: 'Cutting Tools', nouns: ['Jobber Drill', 'End Mill', 'Tap', 'Carbide Insert', 'Hole Saw', 'Reamer'], attrs: ['HSS', 'Cobalt', 'Carbide', 'TiN Coated'], sizes: ['1/8 in', '1/4 in', '3/8 in', '1/2 in', 'M6 x 1.0', 'CNMG 432'], cost: 9, weight: 7 },
  { code: 'ABR', name: 'Abrasives', nouns: ['Flap Disc', 'Cut-Off Wheel', 'Grinding Wheel', 'Sanding Belt', 'Wire Wheel'], attrs: ['Zirconia', 'Aluminum Oxide', 'Ceramic', 'Type 27'], sizes: ['4-1/2 in 60 Grit', '4-1/2 in 80 Grit', '7 in 36 Grit', '2 x 72 in', '6 in'], cost: 3.5, weight: 5 },
  { code: 'SAF', name: 'Safety & PPE', nouns: ['Nitrile Gloves', 'Safety Glasses', 'Hard Hat', 'Ear Plugs', 'Hi-Vis Vest', 'Respirator'], attrs: ['Disposable', 'Anti-Fog', 'ANSI Class 2', 'Cut Level A4'], sizes: ['Medium', 'Large', 'X-Large', 'Box of 100', 'Case of 200'], cost: 6, weight: 6 },
  { code: 'JAN', name: 'Janitorial', nouns: ['Shop Towels', 'Degreaser', 'Trash Liners', 'Floor Absorbent', 'Hand Cleaner'], attrs: ['Heavy Duty', 'Citrus', 'Industrial', 'Low Density'], sizes: ['Case', '1 Gal', '5 Gal', '40 lb Bag', '55 Gal'], cost: 14, weight: 3 },
  { code: 'ELE', name: 'Electrical', nouns: ['Wire Connector', 'Terminal Block', 'Circuit Breaker', 'Contactor', 'Cable Tie', 'Extension Cord'], attrs: ['600V', 'UL Listed', 'Nylon', 'DIN Rail'], sizes: ['14 AWG', '12 AWG', '20 A', '30 A', '8 in', '50 ft'], cost: 11, weight: 6 },
  { code: 'MTR', name: 'Motors & Drives', nouns: ['AC Motor', 'Variable Frequency Drive', 'Gearmotor', 'Motor Starter'], attrs: ['TEFC', 'Premium Efficiency', '3-Phase', 'Washdown'], sizes: ['1 HP', '2 HP', '5 HP', '10 HP', '56C Frame', '184T Frame'], cost: 420, weight: 3 },
  { code: 'PMP', name: 'Pumps', nouns: ['Centrifugal Pump', 'Diaphragm Pump', 'Sump Pump', 'Pump Seal Kit'], attrs: ['Cast Iron', 'Stainless', 'Air Operated', 'Self-Priming'], sizes: ['1 in', '1-1/2 in', '2 in', '3 in'], cost: 310, weight: 2 },
  { code: 'VLV', name: 'Valves', nouns: ['Ball Valve', 'Gate Valve', 'Check Valve', 'Butterfly Valve', 'Needle Valve'], attrs: ['Brass', 'Stainless', 'Carbon Steel', 'Full Port'], sizes: ['1/2 in', '3/4 in', '1 in', '2 in', '4 in'], cost: 42, weight: 4 },
  { code: 'PIP', name: 'Pipe & Fittings', nouns: ['Pipe Nipple', 'Elbow', 'Tee', 'Union', 'Reducing Bushing'], attrs: ['Black Iron', 'Galvanized', 'Stainless 304', 'Schedule 40'], sizes: ['1/2 in', '3/4 in', '1 in', '1-1/4 in', '2 in'], cost: 4.5, weight: 6 },
  { code: 'WLD', name: 'Welding', nouns: ['MIG Wire', 'Welding Rod', 'Contact Tip', 'Welding Helmet', 'Welding Gloves'], attrs: ['ER70S-6', 'E7018', 'Auto-Darkening', 'Leather'], sizes: ['0.035 in 33 lb', '1/8 in 10 lb', '0.045 in', 'Large', 'Each'], cost: 16, weight: 4 },
  { code: 'HTL', name: 'Hand Tools', nouns: ['Combination Wrench', 'Screwdriver Set', 'Socket Set', 'Adjustable Wrench', 'Utility Knife', 'Tape Measure'], attrs: ['Chrome Vanadium', 'SAE', 'Metric', 'Insulated'], sizes: ['10 mm', '1/2 in', '8 in', '12 in', '25 ft', '24 pc'], cost: 12, weight: 6 },
  { code: 'PTL', name: 'Power Tools', nouns: ['Cordless Drill', 'Angle Grinder', 'Impact Driver', 'Reciprocating Saw', 'Battery Pack'], attrs: ['18V', '20V Max', 'Brushless', 'Corded'], sizes: ['Kit', 'Bare Tool', '4-1/2 in', '5.0 Ah', '1/2 in Chuck'], cost: 120, weight: 3 },
  { code: 'ADH', name: 'Adhesives & Sealants', nouns: ['Threadlocker', 'Epoxy', 'Silicone Sealant', 'Pipe Thread Sealant', 'Spray Adhesive'], attrs: ['Medium Strength', 'High Temp', 'Quick Set', 'Clear'], sizes: ['10 ml', '50 ml', '250 ml', '10 oz Cartridge', '12 oz Can'], cost: 8, weight: 4 },
  { code: 'LUB', name: 'Lubricants', nouns: ['Multipurpose Grease', 'Hydraulic Oil', 'Gear Oil', 'Penetrating Oil', 'Cutting Fluid'], attrs: ['NLGI 2', 'ISO 46', 'ISO 220', 'Synthetic'], sizes: ['14 oz Cartridge', '1 Gal', '5 Gal Pail', '55 Gal Drum', '11 oz Aerosol'], cost: 22, weight: 4 },
];

export const SUPPLIER_WORDS = {
  first: ['Apex', 'Summit', 'Keystone', 'Pioneer', 'Allied', 'Precision', 'Continental', 'Heartland', 'Eagle', 'Liberty', 'Titan', 'Ironwood', 'Benchmark', 'Frontier', 'Sterling', 'Cardinal', 'Atlas', 'Patriot', 'Granite', 'Northstar'],
};

export const CUSTOMER_WORDS = {
  lead: ['Lakeshore', 'Midwest', 'Great Lakes', 'Prairie', 'River City', 'Heartland', 'Tri-County', 'Northern', 'Central', 'Valley', 'Superior', 'Crossroads', 'Harbor', 'Union', 'Pinnacle', 'Keystone', 'Summit', 'Redline', 'Blue Ridge', 'Cornerstone', 'Hansen', 'Kowalczyk', 'Fischer', 'Mueller', 'Brandt', 'Sullivan', 'Novak', 'Peterson', 'Schmidt', 'Reilly', 'Jensen', 'Dvorak', 'Larsen', 'Becker', 'Klein'],
  core: ['Precision Machining', 'Tool & Die', 'Fabrication', 'Metal Works', 'Plastics', 'Food Processing', 'Packaging', 'Mechanical', 'Electric', 'Automation', 'Foundry', 'Stamping', 'Millwork', 'Construction', 'Welding', 'Hydraulics', 'Manufacturing', 'Boiler Works', 'Conveyor', 'Castings', 'Coatings', 'Molding', 'Industries', 'Contractors', 'Farms', 'Aggregates', 'Paper', 'Printing', 'Brewing', 'Logistics'],
  suffix: ['Inc', 'LLC', 'Co', 'Corp', 'Company', 'Inc', 'LLC', ''],
};

export const CORPORATE_WORDS = ['Holdings', 'Group', 'Industries', 'Enterprises', 'Manufacturing Group', 'Partners'];

export const STREETS = ['Industrial', 'Commerce', 'Enterprise', 'Factory', 'Mill', 'Railroad', 'Main', 'Lake', 'Park', 'Oak', 'Elm', 'Washington', 'Lincoln', 'Jefferson', 'Harbor', 'River', 'Quarry', 'Depot', 'Airport', 'Corporate', 'Technology', 'Foundry', 'Canal', 'Grand', 'Center'];
export const STREET_TYPES = ['Dr', 'Rd', 'Ave', 'St', 'Blvd', 'Pkwy', 'Ct', 'Way'];

export const FIRST_NAMES = ['James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth', 'David', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Chris', 'Nancy', 'Daniel', 'Lisa', 'Matthew', 'Betty', 'Anthony', 'Sandra', 'Mark', 'Ashley', 'Steven', 'Kimberly', 'Paul', 'Donna', 'Andrew', 'Michelle', 'Joshua', 'Carol', 'Kenneth', 'Amanda', 'Luis', 'Maria', 'Wei', 'Aisha', 'Raj', 'Tyrone', 'Olga', 'Hector'];
export const LAST_NAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Hall', 'Young', 'King', 'Wright', 'Nowak', 'Schultz', 'Kowalski', 'Nguyen', 'Patel', 'Murphy', 'OBrien', 'Lindqvist', 'Romano', 'Fischer'];
export const TITLES = ['Purchasing Manager', 'Buyer', 'Maintenance Supervisor', 'Plant Manager', 'Owner', 'Operations Manager', 'Accounts Payable', 'Maintenance Technician', 'Engineering Manager', 'Safety Coordinator', 'Shop Foreman', 'Procurement Specialist'];

export const ACCOUNT_CLASS = {
  /** Class 1: customer type. */
  type: ['MRO', 'OEM', 'Contractor', 'Reseller', 'Government', 'Agriculture'],
  typeWeights: [40, 25, 15, 8, 5, 7],
  /** Class 3: industry. */
  industry: ['Metal Fabrication', 'Food & Beverage', 'Automotive', 'Construction', 'Energy', 'Plastics', 'Paper & Packaging', 'Healthcare', 'Agriculture', 'Logistics'],
  /** Class 5: price level. */
  priceLevel: ['P1', 'P2', 'P3', 'P4', 'P5'],
};

export const PROSPECT_SOURCES = ['Trade Show', 'Web Inquiry', 'Referral', 'Cold Call', 'Supplier Lead'];

/** Share of yearly volume by month (Jan..Dec): spring/summer peak, December dip. */
export const SEASONALITY = [0.9, 0.93, 1.04, 1.08, 1.12, 1.13, 1.07, 1.08, 1.04, 1.02, 0.93, 0.76];

/** Year-over-year volume growth. */
export const ANNUAL_GROWTH = 1.06;

/**
 * Word lists and the company-name generator. Names are built from patterns that real small movers use
 * (family names, home towns, "two guys", adjective + noun brands), and the lists steer clear of
 * national van-line brands so no fake company impersonates a real one.
 */
import type { ServiceId } from '@moveratlas/contracts';
import type { Random } from './random';

// prettier-ignore
export const SURNAMES = [
  'Anderson', 'Baker', 'Barnes', 'Bennett', 'Brooks', 'Bryant', 'Butler', 'Campbell', 'Carter', 'Castillo',
  'Chavez', 'Clark', 'Coleman', 'Collins', 'Cook', 'Cooper', 'Cruz', 'Davis', 'Diaz', 'Dixon',
  'Edwards', 'Ellis', 'Evans', 'Fisher', 'Flores', 'Foster', 'Garcia', 'Gibson', 'Gonzalez', 'Graham',
  'Gray', 'Griffin', 'Hall', 'Hamilton', 'Harris', 'Hayes', 'Henderson', 'Hernandez', 'Hill', 'Holmes',
  'Howard', 'Hughes', 'Jackson', 'Jenkins', 'Johnson', 'Jordan', 'Kelly', 'Kennedy', 'Kim', 'King',
  'Lee', 'Lewis', 'Long', 'Lopez', 'Marshall', 'Martin', 'Martinez', 'Mason', 'McCarthy', 'Meyer',
  'Miller', 'Mitchell', 'Moore', 'Morales', 'Morgan', 'Murphy', 'Murray', 'Myers', 'Nelson', 'Nguyen',
  "O'Brien", 'Olson', 'Ortiz', 'Owens', 'Palmer', 'Parker', 'Patel', 'Perez', 'Perry', 'Peterson',
  'Phillips', 'Powell', 'Price', 'Ramirez', 'Reed', 'Reyes', 'Reynolds', 'Richardson', 'Rivera', 'Roberts',
  'Robinson', 'Rodriguez', 'Rogers', 'Ross', 'Russell', 'Sanders', 'Schmidt', 'Scott', 'Shaw', 'Simmons',
  'Sullivan', 'Taylor', 'Thomas', 'Thompson', 'Torres', 'Tucker', 'Turner', 'Walker', 'Wallace', 'Ward',
  'Warren', 'Watson', 'Webb', 'Wells', 'West', 'White', 'Williams', 'Wilson', 'Wood', 'Wright',
  'Young', 'Zimmerman', 'Becker', 'Hoffman', 'Kowalski', 'Larsen', 'Novak', 'Romano', 'Sato', 'Yoder',
  'Abbott', 'Acosta', 'Aguilar', 'Alvarez', 'Andrews', 'Archer', 'Armstrong', 'Atkins', 'Bailey', 'Baldwin',
  'Barrett', 'Bauer', 'Beck', 'Bishop', 'Blair', 'Bowman', 'Boyd', 'Bradley', 'Brennan', 'Burke',
  'Caldwell', 'Callahan', 'Cannon', 'Carlson', 'Chapman', 'Chang', 'Conrad', 'Crawford', 'Cunningham', 'Dalton',
  'Daniels', 'Delgado', 'Donovan', 'Douglas', 'Duffy', 'Duncan', 'Erickson', 'Esposito', 'Farrell', 'Ferguson',
  'Fleming', 'Fletcher', 'Ford', 'Franco', 'Fuller', 'Gallagher', 'Gardner', 'Gilbert', 'Goodwin', 'Grant',
  'Greer', 'Guerrero', 'Hale', 'Hansen', 'Hardy', 'Harper', 'Hartman', 'Hawkins', 'Hendricks', 'Hess',
  'Hicks', 'Hogan', 'Holland', 'Hopkins', 'Horton', 'Hubbard', 'Hunt', 'Ingram', 'Jacobs', 'Jensen',
  'Keller', 'Kemp', 'Kerr', 'Knight', 'Koch', 'Kramer', 'Lambert', 'Lawson', 'Lindqvist', 'Logan',
  'Lowe', 'Lucero', 'Lynch', 'Maddox', 'Malone', 'Mann', 'Marsh', 'Maxwell', 'McBride', 'McKenzie',
  'Medina', 'Mendoza', 'Mercer', 'Molina', 'Monroe', 'Moran', 'Mueller', 'Nash', 'Navarro', 'Newman',
  'Nolan', 'Norris', 'Nowak', 'Oakley', "O'Connor", 'Ochoa', 'Osborne', 'Pace', 'Pearson', 'Pena',
  'Pittman', 'Porter', 'Quinn', 'Ramsey', 'Randall', 'Reese', 'Rhodes', 'Riley', 'Rios', 'Rowe',
  'Salazar', 'Sandoval', 'Santos', 'Sawyer', 'Schultz', 'Shepherd', 'Sherman', 'Silva', 'Sloan', 'Snyder',
  'Soto', 'Stanley', 'Stark', 'Steele', 'Stone', 'Strickland', 'Summers', 'Sutton', 'Tate', 'Vance',
  'Vargas', 'Vaughn', 'Vega', 'Wagner', 'Walsh', 'Weaver', 'Wheeler', 'Whitaker', 'Wolfe', 'Yang',
] as const;

// prettier-ignore
export const FIRST_NAMES = [
  'Aaron', 'Abby', 'Adam', 'Aisha', 'Alan', 'Alex', 'Alicia', 'Amanda', 'Amir', 'Amy',
  'Andre', 'Andrea', 'Angela', 'Anna', 'Anthony', 'Ashley', 'Ben', 'Beth', 'Brandon', 'Brenda',
  'Brian', 'Brittany', 'Caleb', 'Carla', 'Carlos', 'Carmen', 'Carol', 'Chen', 'Chris', 'Cindy',
  'Claire', 'Cody', 'Daniel', 'Dana', 'Darius', 'David', 'Deb', 'Derek', 'Diana', 'Diego',
  'Dylan', 'Elena', 'Elijah', 'Emily', 'Emma', 'Eric', 'Erin', 'Ethan', 'Fatima', 'Frank',
  'Gabriel', 'Grace', 'Greg', 'Hannah', 'Hector', 'Holly', 'Ian', 'Isabel', 'Jack', 'Jamal',
  'James', 'Jasmine', 'Jason', 'Jen', 'Jeremy', 'Jessica', 'Joe', 'John', 'Jorge', 'Jose',
  'Josh', 'Julia', 'Justin', 'Karen', 'Katie', 'Keith', 'Kevin', 'Kim', 'Kyle', 'Laura',
  'Lauren', 'Leah', 'Linda', 'Lisa', 'Logan', 'Luis', 'Madison', 'Marcus', 'Maria', 'Mark',
  'Matt', 'Megan', 'Michelle', 'Mike', 'Mohammed', 'Monica', 'Nancy', 'Natalie', 'Nathan', 'Nicole',
  'Noah', 'Olivia', 'Omar', 'Pam', 'Patrick', 'Paul', 'Priya', 'Rachel', 'Raj', 'Ray',
  'Rebecca', 'Ricardo', 'Rick', 'Rob', 'Rosa', 'Ryan', 'Sam', 'Sandra', 'Sara', 'Scott',
  'Sean', 'Sophia', 'Stephanie', 'Steve', 'Susan', 'Tanya', 'Teresa', 'Tom', 'Tony', 'Tyler',
  'Valerie', 'Victor', 'Wei', 'Will', 'Yolanda', 'Zach',
] as const;

// prettier-ignore
const ADJECTIVES = [
  'Reliable', 'Swift', 'Golden', 'Blue', 'Green', 'Red', 'Silver', 'True', 'Honest', 'Careful',
  'Friendly', 'Premier', 'Elite', 'Precision', 'Smooth', 'Steady', 'Trusted', 'Rapid', 'Happy', 'Gentle',
  'Mighty', 'Bright', 'Express', 'Budget', 'Apex', 'Quick', 'Safe', 'Noble', 'Evergreen', 'Northern',
  'Southern', 'Coastal', 'Metro', 'Urban', 'Hometown', 'Neighborly', 'Big', 'Little', 'First Class', 'Royal',
  'Harvest', 'Amber', 'Sunrise', 'Bold', 'Brave', 'Clear', 'Copper', 'Crimson', 'Eastern', 'Western',
  'Faithful', 'Good', 'Grand', 'Valiant', 'Iron', 'Liberty', 'Loyal', 'Kindred', 'Modern', 'Patriot',
  'Plain', 'Prime', 'Sterling', 'Sunny', 'Tidy', 'Twin', 'Hilltop', 'White Glove', 'Wise', 'Lakeshore',
] as const;

// prettier-ignore
const NOUNS = [
  'Eagle', 'Falcon', 'Oak', 'Pine', 'Summit', 'Harbor', 'Anchor', 'Compass', 'Lighthouse', 'Bridge',
  'River', 'Mountain', 'Prairie', 'Canyon', 'Maple', 'Cedar', 'Pioneer', 'Frontier', 'Keystone', 'Horizon',
  'Beacon', 'Heritage', 'Guardian', 'Star', 'Arrow', 'Crown', 'Shield', 'Ridge', 'Valley', 'Bay',
  'Lakeside', 'Meridian', 'Bear', 'Fox', 'Hawk', 'Bison', 'Otter', 'Moose', 'Lion', 'Owl',
  'Acorn', 'Aspen', 'Badger', 'Birch', 'Bluebird', 'Boulder', 'Cardinal', 'Cypress', 'Elk', 'Ember',
  'Granite', 'Heron', 'Hickory', 'Juniper', 'Kestrel', 'Lantern', 'Magnolia', 'Mesa', 'Mustang', 'Orchard',
  'Osprey', 'Pelican', 'Quarry', 'Raven', 'Redwood', 'Sequoia', 'Sparrow', 'Stallion', 'Timber', 'Wren',
] as const;

const NUMBER_WORDS = ['Two', 'Three', 'Four'] as const;
const CREW_WORDS = ['Guys', 'Brothers', 'Friends', 'Sisters', 'Neighbors', 'Cousins'] as const;
const FAMILY_SUFFIXES = [
  '& Sons Moving',
  '& Daughters Moving',
  'Brothers Moving',
  'Family Movers',
  'Moving & Storage',
  'Movers',
  'Moving Company',
  'Relocation Services',
  'Moving Co.',
] as const;
const CITY_SUFFIXES = [
  'Van Lines',
  'Movers',
  'Moving Company',
  'Moving & Storage',
  'Moving Pros',
  'Relocation',
  'Moving Crew',
] as const;
const BRAND_SUFFIXES = [
  'Movers',
  'Moving',
  'Moving & Storage',
  'Moving Co.',
  'Relocation',
  'Moving Services',
  'Van Lines',
  'Transfer & Storage',
] as const;
const INITIAL_LETTERS = [...'ABCDEGJKMRST'];
/** Adjectives that read naturally in front of any town name ("Trusted Coloma Movers", not "Big Coloma"). */
const PLACE_ADJECTIVES = [
  'Reliable',
  'Trusted',
  'Premier',
  'Elite',
  'Express',
  'Budget',
  'Friendly',
  'Honest',
  'Affordable',
  'Professional',
] as const;

/** 'Two Guys', 'Three Brothers', 'Four Sisters'... */
function crewName(rng: Random): string {
  return `${rng.pick(NUMBER_WORDS)} ${rng.pick(CREW_WORDS)}`;
}

/** Specialist names, used sometimes when the company offers that service. */
const SPECIALTY: Partial<Record<ServiceId, readonly string[]>> = {
  'piano-moving': ['Piano Movers', 'Piano & Specialty Movers'],
  'auto-transport': ['Auto Transport', 'Car Shipping & Moving'],
  'commercial-moving': ['Office Movers', 'Commercial Relocation', 'Business Movers'],
  'senior-moving': ['Senior Moves', 'Senior Transitions'],
  'international-moving': ['International Movers', 'Global Relocation'],
  storage: ['Storage & Moving', 'Moving & Self Storage'],
};

/** Compass and side-of-town words small movers put before "Movers" ("Northside Movers"). */
const SIDES = [
  'Northside',
  'Southside',
  'Eastside',
  'Westside',
  'Uptown',
  'Downtown',
  'Midtown',
  'Crosstown',
] as const;

/** A plausible mover name for a company in `city` that offers `services`. */
export function companyName(rng: Random, city: string, services: readonly ServiceId[]): string {
  const specialties = services.filter((s) => SPECIALTY[s] !== undefined);
  if (specialties.length > 0 && rng.chance(0.25)) {
    const specialty = rng.pick(SPECIALTY[rng.pick(specialties)] as readonly string[]);
    const lead = rng.chance(0.5)
      ? rng.pick(SURNAMES)
      : rng.chance(0.5)
        ? city
        : `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`;
    return `${lead} ${specialty}`;
  }
  const pattern = rng.weightedPick(
    [
      'family',
      'city',
      'brand',
      'crew',
      'initials',
      'firstName',
      'noun',
      'cityBrand',
      'side',
    ] as const,
    [24, 14, 22, 9, 7, 8, 8, 6, 2],
  );
  switch (pattern) {
    case 'family': {
      const surname = rng.pick(SURNAMES);
      if (rng.chance(0.12))
        return `${surname} & ${rng.pick(SURNAMES.filter((s) => s !== surname))} Movers`;
      return `${surname} ${rng.pick(FAMILY_SUFFIXES)}`;
    }
    case 'city':
      return `${rng.chance(0.15) ? 'Greater ' : ''}${city} ${rng.pick(CITY_SUFFIXES)}`;
    case 'brand':
      return `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} ${rng.pick(BRAND_SUFFIXES)}`;
    case 'crew': {
      const base = `${crewName(rng)} ${rng.pick(['Moving', 'Movers', 'and a Van', 'Hauling & Moving'])}`;
      return rng.chance(0.3) ? `${base} of ${city}` : base;
    }
    case 'initials': {
      const a = rng.pick(INITIAL_LETTERS);
      const b = rng.pick(INITIAL_LETTERS);
      return rng.chance(0.5)
        ? `${a} & ${b} ${rng.pick(['Moving', 'Movers', 'Moving & Storage'])}`
        : `${a}${a}${rng.chance(0.5) ? a : ''} ${rng.pick(['Moving', 'Movers', 'Van Lines', 'Moving Services'])}`;
    }
    case 'firstName':
      return `${rng.pick(FIRST_NAMES)}'s ${rng.pick(['Moving Service', 'Moving & Delivery', 'Movers', 'Moving Company'])}`;
    case 'noun':
      return `${rng.pick(NOUNS)} ${rng.pick(BRAND_SUFFIXES)}`;
    case 'cityBrand':
      return `${rng.pick(PLACE_ADJECTIVES)} ${city} ${rng.pick(['Movers', 'Moving', 'Moving & Storage'])}`;
    case 'side':
      return `${rng.pick(SIDES)} ${rng.pick(['Movers', 'Moving', 'Moving & Hauling', 'Moving Co.'])}`;
  }
}

/** A name as a key: "Baker Moving Co." and "baker moving co" are the same company to a reader. */
function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9&]+/g, ' ')
    .trim();
}

/**
 * Company names that never repeat in a city and, as far as the word lists allow (tens of thousands of
 * combinations), not on the whole site either: a redraw first, and only past that a name another city
 * already has; two companies of one name in one city never happen (a last resort names the city, then
 * numbers it: "Baker Movers of Tacoma II").
 */
export class CompanyNames {
  private readonly siteWide = new Set<string>();
  private readonly inCity = new Set<string>();

  name(rng: Random, cityId: number, city: string, services: readonly ServiceId[]): string {
    for (let i = 0; i < 16; i++) {
      const name = companyName(rng, city, services);
      if (!this.siteWide.has(nameKey(name))) return this.take(name, cityId);
    }
    for (let i = 0; i < 16; i++) {
      const name = companyName(rng, city, services);
      if (!this.inCity.has(`${cityId}|${nameKey(name)}`)) return this.take(name, cityId);
    }
    const base = `${companyName(rng, city, services)} of ${city}`;
    let name = base;
    for (let n = 2; this.inCity.has(`${cityId}|${nameKey(name)}`); n++)
      name = `${base} ${ROMAN[n] ?? n}`;
    return this.take(name, cityId);
  }

  private take(name: string, cityId: number): string {
    this.siteWide.add(nameKey(name));
    this.inCity.add(`${cityId}|${nameKey(name)}`);
    return name;
  }
}

const ROMAN: Readonly<Record<number, string>> = { 2: 'II', 3: 'III', 4: 'IV', 5: 'V' };

// prettier-ignore
export const STREET_NAMES = [
  'Main', 'Oak', 'Maple', 'Cedar', 'Pine', 'Elm', 'Washington', 'Lake', 'Hill', 'Park',
  'Center', 'Market', 'Church', 'Mill', 'River', 'Spring', 'Union', 'Jackson', 'Franklin', 'Lincoln',
  'Madison', 'Jefferson', 'Highland', 'Commerce', 'Industrial', 'Warehouse', 'Depot', 'Railroad', 'Broad', 'Front',
  'Water', 'Sunset', 'Ridge', 'Meadow', 'Forest', 'Valley', 'Harbor', 'Willow', 'Chestnut', 'Walnut',
  'Poplar', 'Magnolia', 'Dogwood', 'Sycamore', 'Birch', 'Hickory', 'Cherry', 'College', 'Liberty', 'Pleasant',
  'Prospect', 'Grove', 'Summit', 'Airport', 'Enterprise', 'Distribution', 'Freight', 'Cypress', 'Laurel', 'Adams',
] as const;

const STREET_SUFFIXES = ['St', 'Ave', 'Blvd', 'Rd', 'Dr', 'Way', 'Pkwy', 'Ln'] as const;

export function streetAddress(rng: Random): string {
  // Mostly 3-4 digit house numbers; the occasional 5-digit one is the long suburban road.
  const number = rng.chance(0.85) ? rng.int(100, 9999) : rng.int(10000, 29999);
  return `${number} ${rng.pick(STREET_NAMES)} ${rng.pick(STREET_SUFFIXES)}`;
}

/**
 * Review titles and bodies composed from hand-written phrase banks (US English), so 70,000 reviews read
 * like different people wrote them: each review draws its own move (home, route, month, crew, item,
 * prices), an opening, a few remarks on what went well or badly, and sometimes a verdict. A sentence never
 * appears twice on one company's page nor more than MAX_SENTENCE_USES times on the site, as far as the
 * banks allow; titles are held to MAX_TITLE_USES. No network and no model at run time: all of it is here.
 *
 * Sentences hold no abbreviation with a period ("a.m.", "St."), so a reader, and the seed-quality
 * benchmark, can split a body into sentences at ". " before a capital letter.
 */
import { MONTH_NAMES } from '@moveratlas/contracts';
import { FIRST_NAMES } from './names';
import type { Random } from './random';

export const MAX_SENTENCE_USES = 5;
export const MAX_TITLE_USES = 12;

type Sentiment = 'good' | 'mixed' | 'bad';

interface Move {
  crew: string;
  crew2: string;
  city: string;
  home: string;
  route: string;
  month: string;
  size: string;
  item: string;
  item2: string;
  hours: string;
  /** Hours of a job that ran long. */
  longHours: string;
  time: string;
  late: string;
  days: string;
  boxes: string;
  quote: string;
  final: string;
  more: string;
  dest: string;
  longDistance: boolean;
}

// prettier-ignore
const HOMES = [
  { name: 'studio apartment', low: 350, high: 750 },
  { name: 'one-bedroom apartment', low: 450, high: 1100 },
  { name: 'two-bedroom apartment', low: 750, high: 1700 },
  { name: 'two-bedroom condo', low: 800, high: 1800 },
  { name: 'townhouse', low: 1100, high: 2400 },
  { name: 'three-bedroom house', low: 1400, high: 3200 },
  { name: 'four-bedroom house', low: 2200, high: 4600 },
  { name: 'small ranch house', low: 1200, high: 2600 },
  { name: 'duplex', low: 1000, high: 2200 },
  { name: 'third-floor walk-up', low: 700, high: 1600 },
  { name: "mom's house", low: 1200, high: 2800 },
  { name: 'small office', low: 900, high: 2500 },
  { name: 'two-bedroom bungalow', low: 900, high: 1900 },
] as const;

// prettier-ignore
const ITEMS = [
  'sectional', 'leather couch', 'upright piano', 'baby grand', 'grandfather clock', 'glass dining table',
  'oak dresser', 'king bed frame', 'china cabinet', 'treadmill', 'gun safe', 'pool table', 'armoire',
  'antique desk', 'bookcase', 'recliner', 'dryer', 'fridge', 'chest freezer', 'sleeper sofa',
  'marble coffee table', 'hutch', 'bunk bed', 'crib', 'desk chair', 'filing cabinet', 'framed painting',
  'floor mirror', 'TV', 'record cabinet', 'fiddle-leaf fig', 'elliptical', 'patio set', 'grill', 'rocking chair',
  'cedar chest', 'curio cabinet', 'standing desk', 'aquarium', 'futon', 'entertainment center', 'piano bench',
  'floor lamp', 'wine fridge', 'hope chest', 'sewing machine', 'kayak', 'rowing machine',
] as const;

// prettier-ignore
const DESTINATIONS = [
  'Denver', 'Austin', 'Raleigh', 'Tampa', 'Nashville', 'Phoenix', 'Charlotte', 'Boise', 'Atlanta', 'Dallas',
  'Seattle', 'Portland', 'Salt Lake City', 'Kansas City', 'Columbus', 'Orlando', 'San Diego', 'Chicago',
  'Minneapolis', 'Richmond', 'Pittsburgh', 'Albuquerque', 'Tucson', 'Omaha', 'Savannah', 'Knoxville',
  'Spokane', 'Des Moines', 'Madison', 'Baltimore', 'Boston', 'Las Vegas', 'Sacramento', 'Louisville',
  'Indianapolis', 'Charleston', 'Greenville', 'Asheville', 'San Antonio', 'Houston', 'Jacksonville',
  'Milwaukee', 'Cincinnati', 'Colorado Springs', 'Reno', 'Oklahoma City', 'Little Rock', 'Birmingham',
] as const;

// prettier-ignore
const LOCAL_ROUTES = [
  'across town', 'about ten minutes away', 'to the other side of {city}', 'to a bigger place in {city}',
  'to a new rental nearby', 'into our first house', 'out of {city} to a suburb', 'two streets over',
  'into a senior apartment', 'to a smaller place across {city}',
  'about twenty miles away', 'into storage and then a new apartment', 'to a house just outside {city}',
] as const;

const SIZES = ['two', 'three', 'three', 'four', 'four', 'five'] as const;
// prettier-ignore
const HOURS = ['two', 'three', 'three and a half', 'four', 'four and a half', 'five', 'five and a half', 'six', 'seven', 'eight', 'nine'] as const;
const LONG_HOURS = ['six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'] as const;
const TIMES = ['7:00', '7:30', '8:00', '8:00', '8:30', '9:00', '9:30', '10:00'] as const;
// prettier-ignore
const LATE = ['45 minutes', 'an hour', 'over an hour', 'an hour and a half', 'two hours', 'almost three hours', 'four hours'] as const;
const DAYS = [
  'two days',
  'three days',
  'four days',
  'five days',
  'a week',
  'ten days',
  'two weeks',
] as const;
const BOXES = ['30', '35', '40', '45', '50', '60', '70', '80', '90', '100', '120'] as const;

/** Dollars as people write them: "$1,240". */
function dollars(n: number): string {
  // By hand: toLocaleString costs a microsecond or two, which over a million prices is seconds of seeding.
  const digits = String(n);
  return `$${digits.length > 3 ? `${digits.slice(0, -3)},${digits.slice(-3)}` : digits}`;
}

function newMove(rng: Random, city: string): Move {
  const home = rng.pick(HOMES);
  const longDistance = rng.chance(0.22);
  const dest = rng.pick(DESTINATIONS);
  const scale = longDistance ? rng.float(2.2, 3.5) : 1;
  const quote = Math.round((rng.int(home.low, home.high) * scale) / 10) * 10;
  const more = Math.round((quote * rng.float(0.15, 0.9)) / 10) * 10;
  const crew = rng.pick(FIRST_NAMES);
  let crew2 = rng.pick(FIRST_NAMES);
  while (crew2 === crew) crew2 = rng.pick(FIRST_NAMES);
  const item = rng.pick(ITEMS);
  let item2 = rng.pick(ITEMS);
  while (item2 === item) item2 = rng.pick(ITEMS);
  const route = longDistance
    ? rng.pick([
        `to ${dest}`,
        `from ${city} to ${dest}`,
        `out of state to ${dest}`,
        `all the way to ${dest}`,
      ])
    : rng.pick(LOCAL_ROUTES).replace('{city}', city);
  return {
    crew,
    crew2,
    city,
    home: home.name,
    route,
    month: rng.pick(MONTH_NAMES),
    size: rng.pick(SIZES),
    item,
    item2,
    hours: rng.pick(HOURS),
    longHours: rng.pick(LONG_HOURS),
    time: rng.pick(TIMES),
    late: rng.pick(LATE),
    days: rng.pick(DAYS),
    boxes: rng.pick(BOXES),
    quote: dollars(quote),
    final: dollars(quote + Math.round((quote * rng.float(-0.04, 0.06)) / 10) * 10),
    more: dollars(more),
    dest,
    longDistance,
  };
}

/** Fills {slot}s; the first letter is raised, as a slot may open the sentence. */
const SLOTS = new Set<string>([
  'crew',
  'crew2',
  'city',
  'home',
  'route',
  'month',
  'size',
  'item',
  'item2',
  'hours',
  'longHours',
  'time',
  'late',
  'days',
  'boxes',
  'quote',
  'final',
  'more',
  'dest',
]);

/** Each template split once into text and slot names (odd places): a million fills stay cheap. */
const compiled = new Map<string, string[]>();

function fill(template: string, move: Move): string {
  let parts = compiled.get(template);
  if (!parts) {
    parts = template.split(/\{(\w+)\}/);
    for (let i = 1; i < parts.length; i += 2)
      if (!SLOTS.has(parts[i] as string))
        throw new Error(`review template slot {${parts[i]}} is unknown`);
    compiled.set(template, parts);
  }
  let text = '';
  for (let i = 0; i < parts.length; i++)
    text += i % 2 === 1 ? (move[parts[i] as keyof Move] as string) : (parts[i] as string);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// prettier-ignore
const OPENERS: readonly string[] = [
  'We moved our {home} {route} in {month}.',
  'Hired them to move our {home} {route} last {month}.',
  'We used them for a {home} move {route} this past {month}.',
  'Booked a {size}-person crew for our {home} in {month}.',
  'Our move was a {home}, {route}, on a weekday in {month}.',
  'I needed a {home} moved {route} on short notice in {month}.',
  'This was our third move in five years, this time {route}.',
  'We found them online and booked them for a {home} going {route}.',
  'My wife and I hired them for our {home} in {month}.',
  'A friend recommended them for our move {route}.',
  'We got three quotes for moving our {home} and went with this company.',
  'I used them to move my {home} {route} after a job change.',
  'They moved my parents out of a {home} {route} in {month}.',
  'Moving a {home} {route} with two kids and a dog is a lot, so we hired help.',
  'We booked them about three weeks ahead for a {month} move.',
  'Our {home} had {boxes} boxes plus the usual furniture.',
  'They handled our move {route}, a {home} with a lot of stairs.',
  'We downsized from a {home} in {month} and they did the heavy lifting.',
  'I called on a Monday and they moved my {home} that Saturday.',
  'The move was a {home} {route} in the middle of {month}.',
  'After a bad experience with another company, we tried these guys for our {home}.',
  'We had them pack and move our {home} {route}.',
  'This review is for a {home} move {route} in {month}.',
  'Used them twice now, most recently for a {home} {route}.',
];

/** Remarks on one part of the move: where the sentences of a review mostly come from. */
// prettier-ignore
const REMARKS: Readonly<Record<Sentiment, Readonly<Record<string, readonly string[]>>>> = {
  good: {
    arrival: [
      'The crew showed up at {time} sharp and got straight to work.',
      '{crew} called when they were twenty minutes out and arrived right on time.',
      'They were at our door a few minutes before {time}, which never happens.',
      'The truck pulled up at {time} exactly as promised.',
      'They arrived early, walked through the house with us, and started wrapping.',
      'Right on time at {time}, and they texted the day before to confirm.',
    ],
    speed: [
      'The whole job took about {hours} hours, less than they estimated.',
      'They had the truck loaded in {hours} hours and unloaded even faster.',
      '{size} guys cleared out our {home} in about {hours} hours.',
      'They worked fast without ever seeming rushed.',
      'We were done by early afternoon, and they never took a long break.',
      'Everything was off the truck and in the right rooms in under {hours} hours.',
    ],
    care: [
      'Not a single scratch on anything, including our {item}.',
      'They padded the doorframes and laid runners on the floors before moving anything.',
      'Our {item} came through without a mark, and I was nervous about that one.',
      'Everything was shrink-wrapped and blanketed, even the {item2}.',
      'They took the {item} apart and wrapped every piece separately.',
      'Nothing broken, nothing scratched, and the walls in both places looked the same after.',
      'They were extremely careful with the {item}, which belonged to my grandmother.',
      'The {item} went down two flights of stairs without a single bump.',
    ],
    price: [
      'The final bill was {final} on a quote of {quote}, so no surprises.',
      'They quoted {quote} and that is exactly what we paid.',
      'Pricing was clear up front, with no fuel or stair fees added on the day.',
      'We paid {final}, which was within a few dollars of the estimate.',
      'For {quote} we got {size} movers and a truck for the whole day, a good deal for {city}.',
      'They came in under the estimate because the job went faster than planned.',
      'Their quote was not the cheapest we got, but it was the most honest.',
    ],
    communication: [
      'The office answered every question I had, usually within the hour.',
      'Scheduling was easy and they sent a confirmation with everything in writing.',
      '{crew} in the office walked me through the estimate line by line.',
      'They kept us posted by text the whole day.',
      'When our closing got pushed back a day, they moved us without any fuss.',
      'I always got a real person on the phone, which I appreciated.',
    ],
    crew: [
      '{crew} and {crew2} were polite, funny and clearly knew what they were doing.',
      'The crew lead, {crew}, kept everyone organized and checked in with us often.',
      'These guys were professional from start to finish.',
      '{crew} made sure every box went to the room written on it.',
      'The crew was friendly with our kids and patient with all our questions.',
      '{crew} and the team hustled all day in the heat without a complaint.',
      'You could tell the crew had worked together for a long time.',
      '{crew} had a plan for the tight staircase before the first piece went down.',
    ],
    packing: [
      'Their packers did the kitchen in a couple of hours and not one glass broke.',
      'We paid for full packing and it was worth every penny.',
      'They brought plenty of boxes, tape and paper, so we never had to stop.',
      'Every box was labeled by room, which made unpacking so much easier.',
      'They packed {boxes} boxes in one afternoon, neatly and tightly.',
    ],
    setup: [
      'They put the beds back together and set the {item} exactly where we wanted it.',
      'They reassembled everything they took apart, down to the shelf pins.',
      'At the end they did a walk-through with us to make sure nothing was missed.',
      'They even hung the mirrors and set up the {item2} before leaving.',
      'They took all the empty boxes and paper away at the end.',
    ],
    tricky: [
      'Our building has a tiny elevator and they still made it look easy.',
      'Parking was a nightmare on our street, but they sorted it out with the building.',
      'Getting the {item} around the turn in our stairwell took skill, and they managed it.',
      'The new place has a steep driveway and they handled it with a dolly and patience.',
      'They got the {item} through a window when it would not fit through the door.',
    ],
    distance: [
      'Delivery in {dest} was on the exact day they promised.',
      'Our things arrived in {dest} in {days}, and nothing was missing.',
      'The same crew that loaded us in {city} unloaded us in {dest}.',
      'The driver called the day before arriving in {dest} and was right on time.',
    ],
  },
  mixed: {
    arrival: [
      'They were about {late} late and only called after I reached out.',
      'The arrival window was noon to four, and they came at 3:45.',
      'The truck came later than scheduled, though they worked quickly once here.',
      'The crew arrived on time, but one mover had to leave early.',
      'We were told {time} and they rolled in {late} after that.',
      '{crew} called to say they were running {late} behind, which at least was honest.',
      'They showed up on time with only {size} movers instead of the crew we booked.',
    ],
    speed: [
      'It took {longHours} hours, a fair bit longer than they estimated.',
      'They were slow on the loading side and fast on the unloading side.',
      'The job ran long, which pushed the hourly bill up.',
      'There was a long lunch break in the middle that we ended up paying for.',
      'Our {home} took them {longHours} hours when they had guessed about half that.',
      'The {item} alone took them close to an hour to figure out.',
    ],
    care: [
      'The {item} picked up a scratch, small but noticeable.',
      'A couple of boxes were crushed, though nothing inside broke.',
      'They nicked a wall at the new place and offered to touch it up.',
      'Most things were fine, but a leg on the {item} came loose.',
      'The {item} was not wrapped as well as I would have liked.',
      'The {item} arrived fine, but the {item2} has a new dent.',
      'A corner of the {item} got chipped on the way into the truck.',
      'Our {item} survived, though the {item2} came out scuffed.',
    ],
    price: [
      'The quote was {quote} and we paid {final} plus a stair fee nobody mentioned.',
      'The final bill was a little higher than the estimate, mostly because the job ran long.',
      'Price was fair for {city}, but not the bargain the phone quote suggested.',
      'They charged for packing materials I thought were included.',
      'We were quoted {quote} and the bill came to {final} after a long-carry fee.',
      'The estimate said {quote}, and with the extra hour it ended up closer to {final}.',
      'They added a charge for the {item}, which nobody had mentioned on the phone.',
    ],
    communication: [
      'Getting a written estimate took a few calls.',
      'The office was friendly but slow to get back to me before the move.',
      'Nobody told us the crew would change the day before.',
      'The confirmation email had the wrong address on it, which they fixed.',
      'I had to call twice in {month} to confirm the date.',
      '{crew} at the office was helpful, but the crew never got the notes.',
    ],
    crew: [
      'The crew was nice enough, but a little disorganized.',
      '{crew} was great, but the rest of the crew seemed new.',
      'They worked hard, though some boxes ended up in the wrong rooms.',
      'Nice people, but we had to keep asking what came next.',
      '{crew} knew what to do, {crew2} less so.',
      'The crew was polite, though they needed reminding to be careful with the {item}.',
    ],
    packing: [
      'A few boxes they packed were half empty and crushed under heavier ones.',
      'They ran out of tape halfway through and had to go buy more.',
      'The labels on their boxes were hard to read, so unpacking took a while.',
      'They packed {boxes} boxes, but the kitchen was done in a hurry.',
      'The {item} was packed well, the dishes less so.',
    ],
    setup: [
      'They left the bed frame for us to put together, which I thought was included.',
      'A few pieces of hardware went missing when they took the {item} apart.',
      'The {item} went back together a little wobbly.',
      'They set up the beds but left the {item} in pieces in the garage.',
    ],
  },
  bad: {
    arrival: [
      'The truck showed up {late} late without a call.',
      'Nobody came on the first day, and they moved us the next morning instead.',
      'They arrived {late} after the window and blamed traffic.',
      'The crew came at {time} instead of the morning slot we had booked.',
      'We waited all morning and finally got a text saying they were running behind.',
    ],
    speed: [
      'A job they estimated at four hours took {longHours}.',
      'They took long breaks and the clock kept running.',
      'The crew spent the first hour looking for blankets in the truck.',
      'Half the crew left after lunch and the rest took until evening.',
    ],
    care: [
      'Our {item} was damaged and the claim has gone nowhere.',
      'They dropped the {item} coming down the stairs.',
      'The {item2} arrived with a cracked top and nobody said a word.',
      'There are gouges in the hallway of our new place from the dolly.',
      'Two boxes of dishes were smashed because they were packed with no paper.',
      'The {item} was thrown in the truck with no blankets at all.',
    ],
    price: [
      'The quote was {quote} but they wanted {more} more before unloading.',
      'The price went up on moving day and they would not explain why.',
      'We were charged for {longHours} hours on a job that took far less.',
      'Fees for stairs, fuel and wrapping showed up on the bill that were never quoted.',
      'They would not unload until we paid in full, in cash.',
    ],
    communication: [
      'The office stopped answering the phone the day after the move.',
      'I have sent four emails about the damage and heard nothing back.',
      'Every call went to a voicemail box that was full.',
      'The person who gave the estimate could not be reached once we had paid the deposit.',
      'They promised a call back about the claim three times and never made it.',
    ],
    crew: [
      'The crew was rude and argued with us in front of our kids.',
      'Nobody seemed to be in charge, and pieces sat in the driveway for an hour.',
      'One mover spent most of the day on his phone.',
      'They complained about the stairs the entire time.',
      'The crew did not speak to us at all except to ask about the tip.',
    ],
    missing: [
      'A box of tools and the hardware for the {item} never showed up.',
      'Two boxes are still missing, weeks later.',
      'The cushions from our {item} never made it to the new place.',
      'Our things sat in a warehouse for {days} longer than promised.',
    ],
    distance: [
      'Delivery to {dest} was supposed to take three days and took {days}.',
      'Our belongings sat in storage somewhere between {city} and {dest} for {days}.',
      'The driver who arrived in {dest} had no record of half our inventory.',
    ],
  },
};

/**
 * Afterthoughts a reviewer adds before the period now and then (", which we appreciated"); with the lead-ins
 * they multiply the banks without changing what a remark says.
 */
const TAILS: Readonly<Record<Sentiment, readonly string[]>> = {
  good: [
    ', which we appreciated',
    ', which made the whole day easier',
    ', and that says a lot',
    ', no complaints there',
    ', which was a relief',
    ', and it showed',
    ', something I will remember next time',
    ', on a Saturday in {month} no less',
    ', even with our narrow stairs',
    ', which honestly surprised me',
    ', and they were cheerful about it',
    ', better than I expected',
  ],
  mixed: [
    ', which was annoying',
    ', though it worked out in the end',
    ', but nothing terrible',
    ', which I did not love',
    ', not a huge deal',
    ', so keep that in mind',
    ', which took some of the shine off',
    ', and we let it go',
  ],
  bad: [
    ', and nobody apologized',
    ', which was the last straw',
    ', and it still bothers me',
    ', to put it mildly',
    ', with no explanation',
    ', which nobody warned us about',
    ', and that was only the start',
    ', on the busiest day of our year',
  ],
};

/** Words a reviewer puts before a remark now and then; they multiply the banks without changing meaning. */
const LEAD_INS: Readonly<Record<Sentiment, readonly string[]>> = {
  good: ['Honestly, ', 'On top of that, ', 'Best of all, ', 'Also, ', 'And ', 'Plus, ', 'Really, '],
  mixed: ['That said, ', 'On the other hand, ', 'To be fair, ', 'Still, ', 'Also, ', 'One thing: '],
  bad: ['Worse, ', 'On top of that, ', 'Then ', 'Also, ', 'To make it worse, ', 'And '],
};

// prettier-ignore
const VERDICTS: Readonly<Record<number, readonly string[]>> = {
  5: [
    'We will call them again for our next move.',
    'I would recommend them to anyone moving in or around {city}.',
    'Book them, you will not regret it.',
    'Already passed their number along to two neighbors.',
    'Five stars, and I do not give those out easily.',
    'Easily the best movers we have hired.',
    'If you are moving in {city}, look no further.',
    'Worth every dollar, and then some.',
    'They turned a dreaded day into an easy one.',
    'Thank you, {crew}, and the whole crew.',
  ],
  4: [
    'I would hire them again.',
    'Overall a good experience, and I would recommend them.',
    'Not perfect, but better than any mover we have used before.',
    'Solid company, fair prices, good people.',
    'We would use them again for our next move in {city}.',
    'A small hiccup or two, but we are happy.',
    'Four stars only because of the small stuff.',
  ],
  3: [
    'Fine overall, but I would get a second quote next time.',
    'An okay experience, about average for {city}.',
    'They got the job done, no more and no less.',
    'I might use them again, with a clearer contract.',
    'Middle of the road, honestly.',
    'Not bad, not great.',
  ],
  2: [
    'I would think twice before booking them.',
    'Not the experience their reviews promised.',
    'I expected better for the money.',
    'We will be trying someone else next time.',
    'Get everything in writing if you use them.',
  ],
  1: [
    'Please look elsewhere if you are moving in {city}.',
    'Avoid this company.',
    'Save yourself the stress and hire someone else.',
    'The worst moving experience we have ever had.',
    'I have filed a complaint with the state.',
    'Zero stars if I could.',
  ],
};

// prettier-ignore
const TITLES: Readonly<Record<number, readonly string[]>> = {
  5: [
    'Smooth move {route}', 'Flawless {home} move', '{crew} and crew were fantastic', 'Careful with our {item}',
    'On time and on budget', 'Best movers in {city}', 'Could not have gone better', 'Great crew, fair price',
    'Stress-free {month} move', 'Highly recommend {crew} and team', 'Our {item} arrived perfect',
    'Fast, careful and friendly', 'Above and beyond in {month}', 'Moved our {home} in {hours} hours',
    'Five stars for {crew}', 'Worth every penny', 'Made moving day easy', 'Professional from start to finish',
    'Will use again', 'Exactly what they quoted', 'Amazing {home} move', 'Perfect move {route}',
    'Thank you {crew} and {crew2}', 'Our {home} move went perfectly', 'Great {month} move {route}',
    'They treated our {item} like their own', '{size} movers, zero problems', 'Quoted {quote}, paid {final}',
    'Easy move {route}', 'Best {home} move yet', 'Careful crew for our {item} and {item2}',
  ],
  4: [
    'Good move {route}', 'Very good crew', 'Solid choice for a {home}', 'Would hire again',
    'Good value in {city}', 'Mostly great', 'Happy with our {month} move', 'Professional and on time',
    'Good job on a tough {home}', 'Nice work, {crew}', 'Careful crew, small delay', 'Recommended, with a caveat',
    'Pretty smooth {home} move', 'Good experience overall',
    'Good {month} move, small hiccup', '{crew} was great, bill a bit high', 'Nearly perfect move {route}',
    'Solid crew for our {item}', 'Good movers, slow office', 'Would use again for a {home}',
    'Worth it for the {item} alone', 'Happy overall with {crew} and {crew2}',
  ],
  3: [
    'Okay move {route}', 'Decent but not perfect', 'Average {home} move', 'Got the job done',
    'Mixed feelings about our {month} move', 'Fine, with a few hiccups', 'Some good, some bad',
    'Ran long on a {home}', 'Okay crew, higher bill', 'Not bad, not great',
    'Scratched {item}, friendly crew', 'Quoted {quote}, paid more', 'Average move {route}',
    '{crew} was fine, the bill was not', 'Late start on our {month} move', 'Okay for a {home}, not more',
    'Our {item} made it, our {item2} did not', 'Took {longHours} hours for a {home}',
  ],
  2: [
    'Disappointing {home} move', 'Not what we were promised', 'Late and disorganized', 'Expected better',
    'Several problems with our {month} move', 'Scratched {item}, slow replies', 'Would not use again',
    'Bill went up on moving day',
    'Late crew and a damaged {item}', 'Quoted {quote}, charged far more', 'Rough {month} move {route}',
    'Careless with our {item}', 'Hours late for a {home}', 'Claim for our {item} still open',
  ],
  1: [
    'Terrible experience', 'Avoid this company', 'Damaged {item}, no response', 'Worst move ever',
    'Hidden fees and delays', 'Never showed up on time', 'Held our things for more money',
    'Our {item} was destroyed', 'Do not hire for a {home}',
    'Ruined our {month} move', 'Broken {item} and no callback', 'Quoted {quote}, demanded {more} more',
    'Nightmare move {route}', 'Lost boxes and a broken {item2}', 'Avoid for any {home} move',
  ],
};

/**
 * Counts of sentences and titles already written, by a 24-bit hash: 16 MB however large the seed. Two
 * texts sharing a bucket only make the cap stricter, never looser.
 */
export class TextBudget {
  private readonly sentences = new Uint8Array(1 << 24);
  private readonly titles = new Uint8Array(1 << 24);

  canUseSentence(text: string): boolean {
    return (this.sentences[bucket(text)] as number) < MAX_SENTENCE_USES;
  }

  useSentence(text: string): void {
    const b = bucket(text);
    if ((this.sentences[b] as number) < 255) this.sentences[b] = (this.sentences[b] as number) + 1;
  }

  canUseTitle(text: string): boolean {
    return (this.titles[bucket(text)] as number) < MAX_TITLE_USES;
  }

  useTitle(text: string): void {
    const b = bucket(text);
    if ((this.titles[b] as number) < 255) this.titles[b] = (this.titles[b] as number) + 1;
  }
}

function bucket(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 8;
}

/** What one company's page already shows: its sentences, their cores, and the templates of both and of titles. */
export type PageSentences = Set<string>;

const TRIES = 12;

function sentimentOf(stars: number): Sentiment {
  return stars >= 4 ? 'good' : stars === 3 ? 'mixed' : 'bad';
}

/** Remark topics of a sentiment with their sentences, in a random order (distance only for long moves). */
function remarkPool(
  rng: Random,
  sentiment: Sentiment,
  move: Move,
): Array<[string, readonly string[]]> {
  const topics = Object.entries(REMARKS[sentiment]).filter(
    ([topic]) => topic !== 'distance' || move.longDistance,
  );
  return rng.shuffle(topics);
}

export interface ReviewText {
  title: string;
  body: string;
}

/**
 * One review: a title and 1-5 sentences matching the stars. Each sentence is tried a few times for one that
 * is neither on the page already nor used up site-wide; an optional one (the opening, the verdict) is
 * dropped rather than repeated, and a remark is kept as a last resort only when the body would be empty.
 */
export function composeReview(
  rng: Random,
  stars: number,
  city: string,
  page: PageSentences,
  budget: TextBudget,
): ReviewText {
  const move = newMove(rng, city);
  const sentiment = sentimentOf(stars);
  const sentences: string[] = [];

  // A page repeats neither a sentence nor its core without the lead-in and afterthought ("You could tell
  // the crew had worked together" twice reads as a copy), and takes a template it already shows only when
  // half the tries found nothing else.
  const redraw = () =>
    Object.assign(move, {
      item: rng.pick(ITEMS),
      item2: rng.pick(ITEMS),
      crew2: rng.pick(FIRST_NAMES),
      hours: rng.pick(HOURS),
      longHours: rng.pick(LONG_HOURS),
      time: rng.pick(TIMES),
      late: rng.pick(LATE),
      boxes: rng.pick(BOXES),
    });
  const pickFrom = (
    templates: () => string,
    leadIns?: readonly string[],
    tails?: readonly string[],
  ): { text: string; core: string; template: string } | undefined => {
    for (let i = 0; i < TRIES; i++) {
      const template = templates();
      if (i < TRIES / 2 && page.has(`template:${template}`)) {
        redraw();
        continue;
      }
      const core = fill(template, move);
      let text = core;
      // One clause at a time: a remark that already has one takes no afterthought.
      if (tails && !text.includes(',') && text.endsWith('.') && rng.chance(i === 0 ? 0.15 : 0.45))
        text = `${text.slice(0, -1)}${fill(rng.pick(tails), move)}.`;
      if (leadIns && rng.chance(i === 0 ? 0.12 : 0.5)) {
        // "I" and a name keep their capital after "Also, ".
        const keep = /^I\b/.test(text) || text.startsWith(move.crew);
        text = rng.pick(leadIns) + (keep ? text : text.charAt(0).toLowerCase() + text.slice(1));
      }
      if (!page.has(core) && !page.has(text) && budget.canUseSentence(text))
        return { text, core, template };
      // Another detail for the next try: a different item, crew member or time reads as another sentence.
      redraw();
    }
    return undefined;
  };
  const add = (picked: { text: string; core: string; template: string } | undefined) => {
    if (picked === undefined) return;
    sentences.push(picked.text);
    page.add(picked.text);
    page.add(picked.core);
    page.add(`template:${picked.template}`);
    budget.useSentence(picked.text);
  };

  if (rng.chance(0.7)) add(pickFrom(() => rng.pick(OPENERS)));

  const remarks = rng.weightedPick([1, 2, 3], [3, 5, 3]);
  const pool = remarkPool(rng, sentiment, move);
  const mixedPool = remarkPool(rng, stars === 3 ? 'good' : 'mixed', move);
  const covered = new Set<string>();
  for (let k = 0; k < remarks; k++) {
    // A four-star review names a quibble, a three-star one something that went right, each on a part of
    // the move not already praised or faulted ("no surprises" and "the bill ran over" do not meet).
    const quibble = (stars === 4 && k === remarks - 1 && k > 0) || (stars === 3 && k === 1);
    const topics = (quibble ? mixedPool : pool).filter(([name]) => !covered.has(name));
    const [name, topic] = topics[0] ?? (pool[0] as [string, readonly string[]]);
    covered.add(name);
    const tone = quibble ? (stars === 4 ? 'mixed' : 'good') : sentiment;
    add(pickFrom(() => rng.pick(topic), k > 0 ? LEAD_INS[tone] : undefined, TAILS[tone]));
  }

  if (rng.chance(0.55)) add(pickFrom(() => rng.pick(VERDICTS[stars] as readonly string[])));
  // Nothing fresh was left for this review: an opening about other move details, which has room for
  // hundreds of thousands; only a seed far past the default size may in the end repeat one.
  for (let i = 0; sentences.length === 0; i++) {
    Object.assign(move, newMove(rng, city));
    const template = rng.pick(OPENERS);
    const text = fill(template, move);
    if ((!page.has(text) && budget.canUseSentence(text)) || i >= 200)
      add({ text, core: text, template });
  }

  // The title may name the body's crew, item or route: those stay as the body has them, and only the
  // details the body does not mention are redrawn when a title is used up.
  const body = sentences.join(' ');
  const told = Object.fromEntries(
    Object.entries(move).filter(([, value]) => typeof value === 'string' && body.includes(value)),
  );
  let title = '';
  let titleTemplate = '';
  for (let i = 0; title === ''; i++) {
    titleTemplate = rng.pick(TITLES[stars] as readonly string[]);
    // One page shows a kind of title once ("Above and beyond in July", "… in March") while others are left.
    if (i < 12 && page.has(`title:${titleTemplate}`)) continue;
    const candidate = fill(titleTemplate, move);
    if (budget.canUseTitle(candidate) || i >= 200) title = candidate;
    else
      Object.assign(
        move,
        {
          crew: rng.pick(FIRST_NAMES),
          crew2: rng.pick(FIRST_NAMES),
          item: rng.pick(ITEMS),
          item2: rng.pick(ITEMS),
          month: rng.pick(MONTH_NAMES),
          home: rng.pick(HOMES).name,
          size: rng.pick(SIZES),
          hours: rng.pick(HOURS),
          longHours: rng.pick(LONG_HOURS),
        },
        told,
      );
  }
  budget.useTitle(title);
  page.add(`title:${titleTemplate}`);

  return { title, body };
}

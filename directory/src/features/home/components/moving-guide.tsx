/** Home section 11: a long editorial guide to planning a move, linking to the checklist and the interstate rules. */
import { Link } from 'react-router-dom';

const linkClass = 'font-medium text-blue-800 underline underline-offset-2';

export function MovingGuide() {
  return (
    <section
      aria-labelledby="guide-heading"
      className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:px-8"
    >
      <h2
        id="guide-heading"
        className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
      >
        How to Plan a Move Without the Stress
      </h2>
      <div className="mt-6 space-y-5 text-lg leading-relaxed text-slate-700">
        <p>
          Most moving problems start weeks before the truck arrives. Give yourself eight weeks for a
          household move if you can: that is enough time to compare several movers, book the date
          you want, and sort your belongings before you pay anyone to carry them. Our{' '}
          <Link to="/blog/complete-moving-checklist" className={linkClass}>
            complete moving checklist
          </Link>{' '}
          breaks those weeks into small tasks, from booking the crew to changing your address.
        </p>
        <h3 className="text-xl font-semibold text-slate-900">
          Get at least three written estimates
        </h3>
        <p>
          Prices for the same move can differ by hundreds of dollars, so ask three or more companies
          to quote. A good estimate is based on a visual or video survey of your home, lists the
          services included, and says whether it is binding (the price is fixed), non-binding (the
          final bill may change) or binding-not-to-exceed (you pay the lower of the estimate and the
          actual weight). Be wary of a quote far below the others: low-ball estimates are how
          dishonest movers win jobs they later inflate.
        </p>
        <h3 className="text-xl font-semibold text-slate-900">Check the mover before you book</h3>
        <p>
          Every company that moves household goods across state lines must be registered with the
          Federal Motor Carrier Safety Administration and carry a USDOT number; most also hold an MC
          number. Look the numbers up, read recent reviews, and confirm the company has a physical
          address. The{' '}
          <Link to="/blog/interstate-moving-regulations" className={linkClass}>
            interstate moving regulations
          </Link>{' '}
          guide explains your rights, including the &ldquo;Your Rights and Responsibilities When You
          Move&rdquo; booklet a mover must give you and how to file a claim for damage.
        </p>
        <h3 className="text-xl font-semibold text-slate-900">Understand what drives the price</h3>
        <p>
          Local moves are usually billed by the hour for a crew and a truck, so anything that saves
          the crew time saves you money: pack before they arrive, reserve elevators and parking, and
          clear a path to the door. Long-distance moves are priced mainly by weight and distance, so
          every box you sell, donate or recycle before moving day lowers the bill. Extra charges to
          ask about include stairs, long carries, bulky items such as pianos, and storage in
          transit.
        </p>
        <h3 className="text-xl font-semibold text-slate-900">Protect your belongings</h3>
        <p>
          By law, interstate movers include basic &ldquo;released value&rdquo; protection, which
          pays only 60 cents per pound per item — far less than most things are worth. Ask about
          full value protection, which makes the mover repair, replace or pay the current value of
          lost or damaged items. Keep valuables, documents and medicines with you, photograph
          electronics before they are packed, and note any damage on the inventory before you sign
          it.
        </p>
        <p>
          When you are ready, compare movers near you and{' '}
          <Link to="/get-quotes" className={linkClass}>
            request free quotes
          </Link>{' '}
          — it takes a couple of minutes, and there is no obligation to book.
        </p>
      </div>
    </section>
  );
}

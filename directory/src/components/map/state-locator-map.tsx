/** A small inline-SVG map: the state's outline with a dot where the company is (no map tiles). */
import { useId } from 'react';
import type { StateLocator } from './map-types';

export function StateLocatorMap({ locator, label }: { locator: StateLocator; label: string }) {
  const id = useId();
  return (
    <svg
      viewBox={`0 0 ${locator.width} ${locator.height}`}
      className="mt-4 h-auto w-full max-w-xs"
      role="img"
      aria-labelledby={`${id}-title`}
    >
      <title id={`${id}-title`}>{label}</title>
      <path d={locator.d} className="fill-blue-100 stroke-blue-800" strokeWidth={1.5} />
      {locator.dot ? (
        <>
          <circle cx={locator.dot.x} cy={locator.dot.y} r={9} className="fill-orange-500/30" />
          <circle
            cx={locator.dot.x}
            cy={locator.dot.y}
            r={4.5}
            className="fill-orange-600 stroke-white"
            strokeWidth={1.5}
          />
        </>
      ) : null}
    </svg>
  );
}

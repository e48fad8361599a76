/** Stars out of five by the spec 9 rule (starBreakdown): floor full stars, a half star from .5, the rest empty. */
import { useId } from 'react';
import { starBreakdown } from '@moveratlas/contracts';

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

function Star({ fill, clipId }: { fill: 'full' | 'half' | 'empty'; clipId: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-4 w-4"
      aria-hidden="true"
      focusable="false"
      data-star={fill}
    >
      {fill === 'half' ? (
        <defs>
          <clipPath id={clipId}>
            <rect x="0" y="0" width="12" height="24" />
          </clipPath>
        </defs>
      ) : null}
      <path d={STAR_PATH} className="fill-slate-300" />
      {fill === 'empty' ? null : (
        <path
          d={STAR_PATH}
          className="fill-amber-500"
          clipPath={fill === 'half' ? `url(#${clipId})` : undefined}
        />
      )}
    </svg>
  );
}

export function StarRating({
  rating,
  reviewCount,
  className = '',
}: {
  rating: number | null;
  reviewCount?: number;
  className?: string;
}) {
  const clipId = useId();
  if (rating === null) {
    return <p className={`text-sm text-slate-600 ${className}`}>Not yet rated</p>;
  }
  const { full, half, empty } = starBreakdown(rating);
  const stars: Array<'full' | 'half' | 'empty'> = [
    ...Array<'full'>(full).fill('full'),
    ...Array<'half'>(half).fill('half'),
    ...Array<'empty'>(empty).fill('empty'),
  ];
  const score = rating.toFixed(1);
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <span className="flex" role="img" aria-label={`Rated ${score} out of 5`}>
        {stars.map((fill, index) => (
          <Star key={index} fill={fill} clipId={`${clipId}-half`} />
        ))}
      </span>
      <span className="text-sm font-semibold text-slate-900" aria-hidden="true">
        {score}
      </span>
      {reviewCount !== undefined ? (
        <span className="text-sm text-slate-600">
          ({reviewCount.toLocaleString('en-US')} {reviewCount === 1 ? 'review' : 'reviews'})
        </span>
      ) : null}
    </div>
  );
}

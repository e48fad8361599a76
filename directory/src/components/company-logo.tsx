/** A company's logo; one that fails to load is replaced once by a random one of the 20 placeholders (spec 4.2). */
import { useState } from 'react';
import { imageAddressOrNull } from '@moveratlas/contracts';
import { PLACEHOLDER_LOGO_COUNT, placeholderLogo } from '../lib/companies';

/** A company without a logo gets a placeholder chosen by its id, so the server and browser agree. */
const stablePlaceholder = (id: number) =>
  placeholderLogo((Math.abs(id) % PLACEHOLDER_LOGO_COUNT) + 1);

export function CompanyLogo({
  id,
  name,
  logo,
  size = 'md',
}: {
  id: number;
  name: string;
  logo: string | null;
  size?: 'md' | 'lg';
}) {
  // Only a picture address is ever drawn: an <img> of a same-site path would act with the viewer's cookies.
  const [src, setSrc] = useState(imageAddressOrNull(logo) ?? stablePlaceholder(id));
  const [replaced, setReplaced] = useState(false);
  const onError = () => {
    if (replaced) return;
    setReplaced(true);
    setSrc(placeholderLogo(1 + Math.floor(Math.random() * PLACEHOLDER_LOGO_COUNT)));
  };
  const box = size === 'lg' ? 'h-24 w-24' : 'h-14 w-14';
  return (
    <img
      src={src}
      alt={`${name} logo`}
      width={size === 'lg' ? 96 : 56}
      height={size === 'lg' ? 96 : 56}
      loading="lazy"
      decoding="async"
      onError={onError}
      className={`${box} shrink-0 rounded-lg border border-slate-200 bg-white object-contain`}
    />
  );
}

/** Step 3: where from and where to, each a ZIP or "City, ST" with autocomplete. */
import { PlaceField } from './place-field';

export default function RouteStep() {
  return (
    <div className="space-y-4">
      <PlaceField direction="from" label="Moving from" />
      <PlaceField direction="to" label="Moving to" />
    </div>
  );
}

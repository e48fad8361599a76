/** The services a mover can offer. Ids double as the URL slug of /services/{serviceSlug}. */
export const SERVICES = [
  { id: 'local-moving', name: 'Local Moving' },
  { id: 'long-distance-moving', name: 'Long Distance Moving' },
  { id: 'commercial-moving', name: 'Commercial Moving' },
  { id: 'packing-storage', name: 'Packing & Storage' },
  { id: 'auto-transport', name: 'Auto Transport' },
  { id: 'storage', name: 'Storage' },
  { id: 'packing-services', name: 'Packing Services' },
  { id: 'piano-moving', name: 'Piano Moving' },
  { id: 'senior-moving', name: 'Senior Moving' },
  { id: 'international-moving', name: 'International Moving' },
] as const;

export type ServiceId = (typeof SERVICES)[number]['id'];
export const SERVICE_IDS = SERVICES.map((s) => s.id) as [ServiceId, ...ServiceId[]];

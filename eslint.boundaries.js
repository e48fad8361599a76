// The import boundaries of server/src (issue 13; docs/decisions/015-one-folder-per-resource.md), as zones of
// eslint-plugin-import-x's no-restricted-paths. Computed from the folders, so a new resource is held at once.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const FEATURES = 'server/src/features';

const folders = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

export const resources = () => folders(FEATURES);

export function serverBoundaries() {
  const all = resources();
  const outsideFeatures = fs
    .readdirSync(path.join(root, 'server/src'))
    .filter((name) => name !== 'features')
    .map((name) => `./server/src/${name}`);
  return [
    // A resource reaches another only through that one's index.ts ...
    ...all.map((resource) => ({
      target: `./${FEATURES}/${resource}`,
      from: `./${FEATURES}`,
      except: [`./${resource}`, ...all.filter((r) => r !== resource).map((r) => `./${r}/index.ts`)],
      message: `Import another resource through its index.ts (${FEATURES}/<resource>), never its files.`,
    })),
    // ... and so does the code around them (app.ts, api/, web/, workers.ts, the CLIs).
    {
      target: outsideFeatures,
      from: `./${FEATURES}`,
      except: all.map((r) => `./${r}/index.ts`),
      message: `Import a resource through its index.ts (${FEATURES}/<resource>), never its files.`,
    },
    {
      target: ['./server/src/lib', './server/src/db'],
      from: [`./${FEATURES}`, './server/src/web', './server/src/api'],
      message: 'lib/ and db/ are below every resource: they import none, nor web/ or api/.',
    },
    {
      target: `./${FEATURES}`,
      from: ['./server/src/web', './server/src/api'],
      message: 'Resources do not import the web layer or the API assembly; those import resources.',
    },
  ];
}

const DIRECTORY_FEATURES = 'directory/src/features';

/**
 * The directory's features (bulletproof-react's rule): a feature imports no other feature; what two share
 * lives in components/ or lib/, which import no feature. The router (app/) composes them.
 */
export function directoryBoundaries() {
  const all = folders(DIRECTORY_FEATURES);
  return [
    ...all.map((feature) => ({
      target: `./${DIRECTORY_FEATURES}/${feature}`,
      from: `./${DIRECTORY_FEATURES}`,
      except: [`./${feature}`],
      message: 'A feature imports no other feature: move what they share to components/ or lib/.',
    })),
    {
      target: ['./directory/src/components', './directory/src/lib'],
      from: `./${DIRECTORY_FEATURES}`,
      message: 'components/ and lib/ are shared by the features and import none of them.',
    },
  ];
}

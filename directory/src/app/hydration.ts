/**
 * The data a server-rendered page hands to the browser: the router's loader data and errors, the site facts
 * and the asset list. It travels in a <script type="application/json"> block, which browsers never execute,
 * so the strict CSP (script-src 'self') allows it where React Router's own inline hydration script would not.
 */
import {
  isRouteErrorResponse,
  type HydrationState,
  type StaticHandlerContext,
} from 'react-router-dom';
import { serializeForScript } from '../lib/seo/structured-data';
import { type SiteInfo, type DocumentAssets } from '@moveratlas/contracts';

export const BOOTSTRAP_ELEMENT_ID = '__loader_data';

type SerializedRouteError =
  | {
      __type: 'RouteErrorResponse';
      status: number;
      statusText: string;
      data: unknown;
      internal: boolean;
    }
  | { __type: 'Error'; message: string };

export interface SerializedHydrationState {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, SerializedRouteError> | null;
}

export interface Bootstrap {
  site: SiteInfo;
  assets: DocumentAssets;
  router: SerializedHydrationState;
  /** On a 404 answer only: the page of this site the visitor came from (lib/came-from.ts). */
  cameFrom?: string;
}

/** What an unexpected server error becomes in the page: its text may hold internals, so it is not sent. */
export const HIDDEN_ERROR_MESSAGE = 'Unexpected Server Error';

export function dehydrateRouterState(context: StaticHandlerContext): SerializedHydrationState {
  let errors: Record<string, SerializedRouteError> | null = null;
  if (context.errors) {
    errors = {};
    for (const [routeId, error] of Object.entries(context.errors)) {
      errors[routeId] = isRouteErrorResponse(error)
        ? {
            __type: 'RouteErrorResponse',
            status: error.status,
            statusText: error.statusText,
            data: error.data as unknown,
            internal: (error as { internal?: boolean }).internal === true,
          }
        : { __type: 'Error', message: HIDDEN_ERROR_MESSAGE };
    }
  }
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}

export function rehydrateRouterState(state: SerializedHydrationState): HydrationState {
  let errors: HydrationState['errors'] = null;
  if (state.errors) {
    errors = {};
    for (const [routeId, error] of Object.entries(state.errors)) {
      if (error.__type === 'RouteErrorResponse') {
        // The shape isRouteErrorResponse() recognises.
        errors[routeId] = {
          status: error.status,
          statusText: error.statusText,
          data: error.data,
          internal: error.internal,
        };
      } else {
        const revived = new Error(error.message);
        revived.stack = '';
        errors[routeId] = revived;
      }
    }
  }
  return { loaderData: state.loaderData, actionData: state.actionData, errors };
}

export const serializeBootstrap = (bootstrap: Bootstrap): string => serializeForScript(bootstrap);

/** Reads the block the server wrote; `raw` is kept so that the hydrated <script> renders byte for byte the same. */
export function readBootstrap(doc: Document): { bootstrap: Bootstrap; raw: string } {
  const raw = doc.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent;
  if (!raw) throw new Error(`The page has no #${BOOTSTRAP_ELEMENT_ID} hydration data`);
  return { bootstrap: JSON.parse(raw) as Bootstrap, raw };
}

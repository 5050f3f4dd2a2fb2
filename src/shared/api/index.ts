// The whole API in one list: the server registers each route from it, and a test walks it.
import * as account from './account.ts';
import * as ads from './ads.ts';
import * as catalog from './catalog.ts';
import * as certificates from './certificates.ts';
import * as classes from './classes.ts';
import * as learning from './learning.ts';
import * as license from './license.ts';
import * as myCe from './my-ce.ts';
import * as podcasts from './podcasts.ts';
import * as session from './session.ts';
import * as support from './support.ts';
import type { Endpoint } from './endpoint.ts';

export const api = { ...account, ...ads, ...catalog, ...certificates, ...classes, ...learning, ...license, ...myCe, ...podcasts, ...session, ...support };

const isEndpoint = (x: unknown): x is Endpoint => typeof x === 'object' && x !== null && 'path' in x && 'method' in x && 'response' in x;

export const allEndpoints: Endpoint[] = (Object.values(api) as unknown[]).filter(isEndpoint);

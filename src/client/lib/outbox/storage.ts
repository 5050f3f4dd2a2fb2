// Where the outbox keeps its actions: an IndexedDB database of its own (`cepass-outbox`), so the logout that
// clears the app's key-value store does not take a student's unsent actions with it unasked (app/logout.ts
// asks), and each action is one record, written before the screen changes.
import { createStore, del, entries, set } from 'idb-keyval';
import type { OutboxAction, OutboxStorage } from './outbox.ts';

const store = createStore('cepass-outbox', 'actions');

const isAction = (value: unknown): value is OutboxAction =>
  typeof value === 'object' && value !== null && typeof (value as OutboxAction).id === 'string' && typeof (value as OutboxAction).path === 'string' && typeof (value as OutboxAction).owner === 'string' && typeof (value as OutboxAction).seq === 'number';

export const outboxStorage: OutboxStorage = {
  // a record that is not an action (a damaged one) is left out, never sent
  all: async () => (await entries(store)).map(([, value]) => value).filter(isAction),
  put: (action) => set(action.id, action, store),
  delete: (id) => del(id, store),
};

import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../lib/api';
import { sessionPersistence, sessionSlice } from '../lib/session';

export function makeStore() {
  const store = configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      [sessionSlice.name]: sessionSlice.reducer,
    },
    middleware: (getDefault) => getDefault().prepend(sessionPersistence.middleware).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

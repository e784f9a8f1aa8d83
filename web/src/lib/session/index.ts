export { useSession, useSignIn, useSignOut } from './hooks';
export { SessionCheck } from './SessionCheck';
export { sessionSlice } from './slice';
export { sessionPersistence } from './persistence';

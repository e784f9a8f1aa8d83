import { serve } from './serve';

// The only place that reads the environment.
await serve(process.env);

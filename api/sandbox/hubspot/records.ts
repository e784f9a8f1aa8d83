/** What the sandbox CRM's records are, shared by its store, search, samples and pages. */
export type SandboxObjectType = 'contacts' | 'companies';
export type Properties = Record<string, string | null>;

export interface SandboxRecord {
  id: string;
  properties: Properties;
  lastChangeSource: string;
  createdAt: string;
  updatedAt: string;
}

export const isObjectType = (t: string): t is SandboxObjectType => t === 'contacts' || t === 'companies';

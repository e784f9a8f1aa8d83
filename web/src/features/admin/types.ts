/** The log filter form's state; the answers it asks for are declared in api/log-viewer/contract.ts. */
export interface LogFilters {
  level: string;
  search: string;
  startDate: string;
  endDate: string;
  userId: string;
  requestId: string;
  sourceFile: string;
  lookupOnly: boolean;
  groupByRequest: boolean;
  limit: number;
  offset: number;
}

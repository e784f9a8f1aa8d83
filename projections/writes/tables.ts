/** One CRM property of one record, and the value ZipFill last wrote to it. */
export interface WrittenValuesTable {
  portal_id: string;
  object_type: string;
  object_id: string;
  property: string;
  value: string;
}

export interface WrittenValueTables {
  written_values: WrittenValuesTable;
}

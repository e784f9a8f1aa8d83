import type { SandboxDb } from '../db';
import type { Properties, SandboxObjectType } from './records';

/**
 * The rules a sandbox portal can put on a property, as HubSpot's property validations API
 * reports them (https://developers.hubspot.com/docs/api-reference/2026-03/crm/property-validations/get-property-validations:
 * `propertyName`, `propertyValidationRules: [{ruleType, ruleArguments}]`):
 * - letters only: ruleType ALPHANUMERIC, ruleArguments ["ALPHA_ONLY"] (letters and spaces);
 * - required when another property has a value (HubSpot's conditional-required rules, enforced on
 *   API writes since September 2026): ruleType REQUIRED_WHEN, ruleArguments [that property].
 */
export type SandboxRule =
  | { propertyName: string; ruleType: 'ALPHANUMERIC'; ruleArguments: ['ALPHA_ONLY'] }
  | { propertyName: string; ruleType: 'REQUIRED_WHEN'; ruleArguments: [string] };

const LETTERS = /^[\p{L}\s]*$/u;

/** One value HubSpot refuses, as its error names it: the property, never the record. */
export interface PropertyRefusal {
  isValid: false;
  name: string;
  message: string;
  error: string;
  localizedErrorMessage: string;
}

/** The refusals of one record's write: its properties after the write, held against the rules. */
export function refusalsOf(
  rules: readonly SandboxRule[],
  before: Properties,
  written: Properties,
  labelOf: (name: string) => string,
): PropertyRefusal[] {
  const after = { ...before, ...written };
  const refusal = (name: string, error: string, message: string): PropertyRefusal => ({
    isValid: false,
    name,
    message,
    error,
    localizedErrorMessage: message,
  });
  const found: PropertyRefusal[] = [];
  for (const rule of rules) {
    const value = after[rule.propertyName] ?? '';
    if (rule.ruleType === 'ALPHANUMERIC') {
      // A rule is checked on the values a write sets, as HubSpot checks its input.
      const set = written[rule.propertyName];
      if (set && !LETTERS.test(set))
        found.push(refusal(rule.propertyName, 'INVALID_CHARACTERS', 'Enter only letters'));
    } else if ((after[rule.ruleArguments[0]] ?? '') !== '' && value === '') {
      found.push(
        refusal(
          rule.propertyName,
          'REQUIRED_PROPERTY_MISSING',
          `Required when ${labelOf(rule.ruleArguments[0])} has a value`,
        ),
      );
    }
  }
  return found;
}

/** HubSpot's message for a batch it refused: the properties, each once, never the records. */
export function refusalMessage(refusals: readonly PropertyRefusal[]): string {
  const seen = new Map(refusals.map((r) => [`${r.name}\u0000${r.message}`, r]));
  return `Property values were not valid: ${JSON.stringify([...seen.values()])}`;
}

/** Each portal's rules, shared by every process serving the sandbox. */
export class SandboxValidationRules {
  constructor(private readonly db: SandboxDb) {}

  async of(portalId: string, objectType: SandboxObjectType): Promise<SandboxRule[]> {
    const rows = await this.db
      .selectFrom('sandbox_validation_rules')
      .selectAll()
      .where('portal_id', '=', portalId)
      .where('object_type', '=', objectType)
      .orderBy('property_name')
      .orderBy('rule_type')
      .execute();
    return rows.map(
      (r) =>
        ({
          propertyName: r.property_name,
          ruleType: r.rule_type,
          ruleArguments: JSON.parse(r.rule_arguments) as string[],
        }) as SandboxRule,
    );
  }

  /** Sets a property's rule of that type (replacing the one it had), as HubSpot's PUT does. */
  async set(portalId: string, objectType: SandboxObjectType, rule: SandboxRule): Promise<void> {
    await this.db
      .insertInto('sandbox_validation_rules')
      .values({
        portal_id: portalId,
        object_type: objectType,
        property_name: rule.propertyName,
        rule_type: rule.ruleType,
        rule_arguments: JSON.stringify(rule.ruleArguments),
      })
      .onConflict((oc) =>
        oc
          .columns(['portal_id', 'object_type', 'property_name', 'rule_type'])
          .doUpdateSet({ rule_arguments: JSON.stringify(rule.ruleArguments) }),
      )
      .execute();
  }

  async remove(portalId: string, objectType: SandboxObjectType, propertyName: string): Promise<void> {
    await this.db
      .deleteFrom('sandbox_validation_rules')
      .where('portal_id', '=', portalId)
      .where('object_type', '=', objectType)
      .where('property_name', '=', propertyName)
      .execute();
  }
}

/** A rule chosen on the records page, or undefined when the choice is not one. */
export function ruleOf(propertyName: string, choice: string): SandboxRule | undefined {
  if (!/^[a-z][a-z0-9_]{0,99}$/.test(propertyName)) return undefined;
  if (choice === 'letters_only')
    return { propertyName, ruleType: 'ALPHANUMERIC', ruleArguments: ['ALPHA_ONLY'] };
  const other = /^required_when:([a-z][a-z0-9_]{0,99})$/.exec(choice)?.[1];
  if (other && other !== propertyName)
    return { propertyName, ruleType: 'REQUIRED_WHEN', ruleArguments: [other] };
  return undefined;
}

import type { Express, Request, Response } from 'express';
import { esc, page } from './html';
import type { SandboxPageDeps } from './page-deps';
import { passHolder } from './pass';
import type { SandboxObjectType } from './records';
import { ruleOf, type SandboxRule } from './validation-rules';

const BASE = '/sandbox/hubspot';

const describe = (rule: SandboxRule) =>
  rule.ruleType === 'ALPHANUMERIC' ? 'letters only' : `required when ${rule.ruleArguments[0]} has a value`;

/** The records page's "Validation rules" card: a type's rules, and the form that sets one. */
export function validationRulesCard(
  portalId: string,
  rules: Record<SandboxObjectType, readonly SandboxRule[]>,
): string {
  const listed = (['contacts', 'companies'] as const)
    .flatMap((type) =>
      rules[type].map(
        (r) =>
          `<li>${type}: <code>${esc(r.propertyName)}</code>, ${esc(describe(r))} <form method="post" action="${BASE}/validation-rules" class="inline"><input type="hidden" name="portalId" value="${esc(portalId)}"><input type="hidden" name="type" value="${type}"><input type="hidden" name="property" value="${esc(r.propertyName)}"><input type="hidden" name="rule" value="none"><button type="submit">Remove</button></form></li>`,
      ),
    )
    .join('');
  return `<div class="card"><h2>Validation rules</h2>
<p>As in HubSpot, a batch update with one value a rule refuses is refused whole (400 VALIDATION_ERROR, the message naming the property).</p>
${listed ? `<ul>${listed}</ul>` : '<p>No rules yet.</p>'}
<form method="post" action="${BASE}/validation-rules"><input type="hidden" name="portalId" value="${esc(portalId)}">
<div class="grid"><div><label for="rule-type">Records</label><select id="rule-type" name="type"><option value="contacts">Contacts</option><option value="companies">Companies</option></select></div>
<div><label for="rule-property">Property (internal name)</label><input id="rule-property" name="property" placeholder="city"></div>
<div><label for="rule-choice">Rule</label><input id="rule-choice" name="rule" placeholder="letters_only or required_when:state" list="rule-choices"><datalist id="rule-choices"><option value="letters_only"><option value="required_when:zip"><option value="required_when:state"></datalist></div></div>
<button type="submit">Set rule</button></form></div>`;
}

const field = (req: Request, name: string) => {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v.trim().slice(0, 120) : '';
};

/** POST /sandbox/hubspot/validation-rules: sets (or, with rule "none", removes) a portal's rule. */
export function sandboxValidationRuleRoutes(app: Express, deps: SandboxPageDeps) {
  app.post(`${BASE}/validation-rules`, async (req: Request, res: Response) => {
    const userId = await passHolder(req, deps);
    const portalId = field(req, 'portalId');
    if (!userId || !(await deps.store.ownPortal(portalId, userId))) {
      res
        .status(userId ? 404 : 401)
        .send(page('Sandbox: not found', '<div class="card bad">There is no such sandbox portal.</div>'));
      return;
    }
    const type = field(req, 'type');
    const property = field(req, 'property');
    const choice = field(req, 'rule');
    const rule = ruleOf(property, choice);
    if ((type !== 'contacts' && type !== 'companies') || (!rule && choice !== 'none')) {
      res
        .status(400)
        .send(
          page(
            'Sandbox: bad request',
            '<div class="card bad">Choose contacts or companies, a property’s internal name, and the rule letters_only or required_when:&lt;property&gt;.</div>',
          ),
        );
      return;
    }
    if (rule) await deps.store.validationRules.set(portalId, type, rule);
    else await deps.store.validationRules.remove(portalId, type, property);
    res.redirect(303, `${BASE}/records?${new URLSearchParams({ portalId, notice: 'rules' }).toString()}`);
  });
}

import type { AnyTrigger, Integration } from '@toolsteps/sdk';
import type { CompiledExpression } from '../../expressions/compiled-expression.js';
import type { CredentialVault } from '../../ports/credential-vault.js';
import type { StepRegistry } from '../../ports/services.js';
import type { Binding } from '../binding-schema.js';

/** What every check of a binding gets: what the schema accepted of it, its trigger, its compiled expressions. */
export interface BindingCheckInput {
  /** The binding's fields the schema accepted; refused ones are left out, so nothing is judged on them. */
  binding: Partial<Binding>;
  registry: StepRegistry;
  /** The trigger `binding.trigger` names, when it is installed. */
  trigger?: AnyTrigger;
  integration?: Integration;
  /** Every expression that compiled, by the JSON pointer of its string. */
  expressions: ReadonlyMap<string, CompiledExpression>;
  vault?: CredentialVault;
  /** Pointers of the values the schema refused: a missing field is not among them. */
  refused: ReadonlySet<string>;
}

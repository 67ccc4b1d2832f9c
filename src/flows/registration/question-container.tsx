import { useSelector } from '@xstate/react';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  SECTORS_BY_CATEGORY,
  SECTOR_LABELS,
  SITUATIONS,
  SITUATION_LABELS,
  type Category,
  type Sector,
} from '../../domain/wizard-options';
import { ChoiceStep, type ChoiceOption } from './choice-step';
import { REGISTRATION_COPY } from './copy';
import type { WizardActor } from './lead-wizard.wiring';

const COPY = REGISTRATION_COPY.preguntas;

function options<T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>) {
  return values.map((value): ChoiceOption<T> => ({ value, label: labels[value] }));
}

const SITUATION_OPTIONS = options(SITUATIONS, SITUATION_LABELS);
const CATEGORY_OPTIONS = options(CATEGORIES, CATEGORY_LABELS);
function sectorOptions(category: Category | null): readonly ChoiceOption<Sector>[] {
  return category === null ? [] : options(SECTORS_BY_CATEGORY[category], SECTOR_LABELS);
}

/** Steps 2 to 4 wired to the machine: the choice, and whether next and back are possible. */
export function QuestionContainer({
  actor,
  step,
  focusOnMount,
}: {
  actor: WizardActor;
  step: 'situation' | 'category' | 'sector';
  focusOnMount: boolean;
}) {
  const situation = useSelector(actor, (s) => s.context.situacionActual);
  const category = useSelector(actor, (s) => s.context.rubro);
  const sector = useSelector(actor, (s) => s.context.sector);
  const canNext = useSelector(actor, (s) => s.can({ type: 'step.next' }));
  const canBack = useSelector(actor, (s) => s.can({ type: 'step.back' }));
  const common = {
    canNext,
    canBack,
    focusOnMount,
    onNext: () => actor.send({ type: 'step.next' }),
    onBack: () => actor.send({ type: 'step.back' }),
  };
  if (step === 'situation') {
    return (
      <ChoiceStep
        {...common}
        name="situacion"
        title={COPY.situacion}
        intro={COPY.situacionBajada}
        options={SITUATION_OPTIONS}
        selected={situation}
        onSelect={(value) => actor.send({ type: 'situation.select', value })}
      />
    );
  }
  if (step === 'category') {
    return (
      <ChoiceStep
        {...common}
        name="rubro"
        title={COPY.rubro}
        options={CATEGORY_OPTIONS}
        selected={category}
        onSelect={(value) => actor.send({ type: 'category.select', value })}
      />
    );
  }
  return (
    <ChoiceStep
      {...common}
      name="sector"
      title={COPY.sector}
      intro={category ? COPY.sectorBajada(CATEGORY_LABELS[category].toLowerCase()) : undefined}
      options={sectorOptions(category)}
      selected={sector}
      onSelect={(value) => actor.send({ type: 'sector.select', value })}
    />
  );
}

import type { Localized } from '../../lib/i18n';

/**
 * What each blockType of spec 2.8 means. The service's own `blockName` is a Dutch label that says little to
 * someone new; the page shows this meaning beside it. Colours tell the types apart in the capacity bar.
 */
export const BLOCK_TYPES: Readonly<Record<string, { meaning: Localized; color: string }>> = {
  blockCapaciteit: { meaning: { nl: 'Algemene capaciteitsblokkade', en: 'General capacity block' }, color: 'gray.6' },
  perfBespeler: { meaning: { nl: 'Vastgehouden voor de bespeler', en: 'Held for performer' }, color: 'grape.6' },
  ext: { meaning: { nl: 'Extern verkocht', en: 'Sold externally' }, color: 'cyan.7' },
  group: { meaning: { nl: 'Gereserveerd voor gasten', en: 'Reserved for guests' }, color: 'pink.6' },
  press: { meaning: { nl: 'Persplaatsen', en: 'Press seats' }, color: 'violet.6' },
  wheel: { meaning: { nl: 'Rolstoelplaatsen', en: 'Wheelchair-accessible' }, color: 'blue.7' },
  tech: { meaning: { nl: 'Techniek (geluid, camera)', en: 'Technical (sound, camera)' }, color: 'orange.7' },
  theat: { meaning: { nl: 'Vastgehouden door het theater', en: 'Theatre hold' }, color: 'yellow.8' },
  sight: { meaning: { nl: 'Beperkt zicht', en: 'Obstructed view' }, color: 'lime.8' },
};

export const UNKNOWN_BLOCK_COLOR = 'dark.3';

/**
 * A block's label: the service's name with the meaning of its type beside it, the meaning alone where it already
 * says the name ("Beperkt zicht", not "Beperkt zicht (Beperkt zicht)"; "Persplaatsen" for "Pers").
 */
export function blockLabel(name: string, meaning: string): string {
  const shown = name.trim();
  if (shown === '' || meaning.toLowerCase().includes(shown.toLowerCase())) return meaning;
  return `${shown} (${meaning})`;
}

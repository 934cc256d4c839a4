/** Lower case without accents or apostrophes: "Première" is found as "premiere", "Chef’s" as "chef's" or "chefs". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/['‘’`´]/g, '')
    .toLocaleLowerCase();
}

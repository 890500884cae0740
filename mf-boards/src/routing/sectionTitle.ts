/** 'accountSummary' → 'Account Summary', 'crm' → 'CRM'. */
export function sectionTitle(sectionName: string): string {
  if (sectionName.toLowerCase() === 'crm') return 'CRM';
  const words = sectionName.replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

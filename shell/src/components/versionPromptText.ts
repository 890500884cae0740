export const VERSION_PROMPT_TITLE = 'A new version of Tradeboard is available';

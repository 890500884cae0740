/** A file's text (webpack `asset/source`, Vite `?raw`): e.g. a library's stylesheet. */
declare module '*?raw' {
  const text: string;
  export default text;
}

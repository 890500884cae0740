/** SWR keys of the boards remote's reads (one place, so mutations revalidate the right ones). */
export const boardsKey = (sectionId: number) => ['Board/List', sectionId] as const;
export const boardOrderKey = (sectionId: number) => ['Board/User/Display/Get', sectionId] as const;
export const allBoardsKey = 'Board/All';
export const pageKey = (boardId: number | 'default', sectionId: number) => ['DynamicPage', boardId, sectionId] as const;
export const libraryKey = (sectionId: number) => ['Component/List', sectionId] as const;
export const templatesKey = (sectionId: number) => ['BoardTemplate/List', sectionId] as const;
export const sharesKey = (boardId: number) => ['Board/Share/List', boardId] as const;

export { heading, page } from '../listPage.css.ts';
export { group, legend, option, control } from '../choiceList.css.ts';

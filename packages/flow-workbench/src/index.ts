/**
 * @tienda/flow-workbench: what a site declares to use the workbench (its catalogue's types) and
 * the names the explorer shows. The kit is `@tienda/flow-workbench/kit`, the generators
 * `@tienda/flow-workbench/generators`, the explorer's build `@tienda/flow-workbench/vite`.
 */
export {
  defineCatalogue,
  flowName,
  flowPage,
  modelOf,
  type Catalogue,
  type FlowEntry,
  type FlowNotes,
  type RealAnswer,
  type RealAnswers,
} from './catalogue';

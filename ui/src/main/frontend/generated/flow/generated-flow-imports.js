import '@vaadin/polymer-legacy-adapter/style-modules.js';
import '@vaadin/vertical-layout/src/vaadin-vertical-layout.js';
import '@vaadin/login/src/vaadin-login-form.js';
import '@vaadin/app-layout/src/vaadin-app-layout.js';
import '@vaadin/combo-box/src/vaadin-combo-box.js';
import 'Frontend/generated/jar-resources/flow-component-renderer.js';
import 'Frontend/generated/jar-resources/comboBoxConnector.js';
import '@vaadin/tooltip/src/vaadin-tooltip.js';
import '@vaadin/multi-select-combo-box/src/vaadin-multi-select-combo-box.js';
import '@vaadin/button/src/vaadin-button.js';
import 'Frontend/generated/jar-resources/disableOnClickFunctions.js';
import '@vaadin/icons/vaadin-iconset.js';
import '@vaadin/icon/src/vaadin-icon.js';
import '@vaadin/horizontal-layout/src/vaadin-horizontal-layout.js';
import '@vaadin/app-layout/src/vaadin-drawer-toggle.js';
import '@vaadin/side-nav/src/vaadin-side-nav.js';
import '@vaadin/side-nav/src/vaadin-side-nav-item.js';
import '@vaadin/grid/src/vaadin-grid.js';
import '@vaadin/grid/src/vaadin-grid-column.js';
import '@vaadin/grid/src/vaadin-grid-sorter.js';
import '@vaadin/checkbox/src/vaadin-checkbox.js';
import 'Frontend/generated/jar-resources/gridConnector.ts';
import 'Frontend/generated/jar-resources/vaadin-grid-flow-selection-column.js';
import '@vaadin/grid/src/vaadin-grid-column-group.js';
import 'Frontend/generated/jar-resources/lit-renderer.ts';
import '@vaadin/context-menu/src/vaadin-context-menu.js';
import 'Frontend/generated/jar-resources/contextMenuConnector.js';
import 'Frontend/generated/jar-resources/contextMenuTargetConnector.js';
import '@vaadin/text-field/src/vaadin-text-field.js';
import '@vaadin/dialog/src/vaadin-dialog.js';
import '@vaadin/notification/src/vaadin-notification.js';
import '@vaadin/select/src/vaadin-select.js';
import 'Frontend/generated/jar-resources/selectConnector.js';
import '@vaadin/integer-field/src/vaadin-integer-field.js';
import '@vaadin/number-field/src/vaadin-number-field.js';
import '@vaadin/form-layout/src/vaadin-form-layout.js';
import '@vaadin/form-layout/src/vaadin-form-item.js';
import '@vaadin/form-layout/src/vaadin-form-row.js';
import '@vaadin/details/src/vaadin-details.js';
import '@vaadin/password-field/src/vaadin-password-field.js';
import '@vaadin/upload/src/vaadin-upload.js';
import '@vaadin/confirm-dialog/src/vaadin-confirm-dialog.js';
import '@vaadin/progress-bar/src/vaadin-progress-bar.js';
import '@vaadin/date-picker/src/vaadin-date-picker.js';
import 'Frontend/generated/jar-resources/datepickerConnector.js';
import '@vaadin/text-area/src/vaadin-text-area.js';
import '@vaadin/common-frontend/ConnectionIndicator.js';
import '@vaadin/vaadin-lumo-styles/color-global.js';
import '@vaadin/vaadin-lumo-styles/typography-global.js';
import '@vaadin/vaadin-lumo-styles/sizing.js';
import '@vaadin/vaadin-lumo-styles/spacing.js';
import '@vaadin/vaadin-lumo-styles/style.js';
import '@vaadin/vaadin-lumo-styles/vaadin-iconset.js';
import 'Frontend/generated/jar-resources/ReactRouterOutletElement.tsx';

const loadOnDemand = (key) => {
  const pending = [];
  if (key === '396d82bb779191518e81948c5779eb797b547a36b185068197b570e7fd84ec6c') {
    pending.push(import('./chunks/chunk-a2a524a691b113a8caf0475b4b9bcb50ce5c9215c5f079526e5f11a9cc78fe53.js'));
  }
  if (key === 'e4287008eb3a3a191deb8ef2ab2c16f6f008c9b3367d383750574ac07cf3b967') {
    pending.push(import('./chunks/chunk-769c5bd420b0fcc42926d8a32becbe4770a1d29d2c974770fe95e32e42bf03b1.js'));
  }
  if (key === '7e6558894f0b5a98429456a39a4c2b5f3bcd6828c1d7c65da94131d80858624b') {
    pending.push(import('./chunks/chunk-8c3457a0c90121ca2717be56b088fc39132e61ea919782602268e233836af64b.js'));
  }
  if (key === '3f08e285287f20650ac39a3e9b5e3c4977c40d314f1c7bfcc727811753ce6fc3') {
    pending.push(import('./chunks/chunk-1c4e07c6da4cdaa9d1eec995e87966ed327cedd72d80c0b80628bba8d210c329.js'));
  }
  if (key === 'a08918467a385f5a9fbf0d327344c959117e5e694675dbae9753384f7345b21c') {
    pending.push(import('./chunks/chunk-540608758d971495c38f1dfbde3020fbd33139a26fa81eaac6562ae643423621.js'));
  }
  if (key === '5a229eb1d72a836b1c3325e0e811bb21ff56bcd93ce58036d17b3cc76d1c070e') {
    pending.push(import('./chunks/chunk-713d441be594a2e288209c2f868022f1e18a15672ba992b4766b75038e98a0a7.js'));
  }
  if (key === 'c40cfdbb1bc91602b62aa9929a80cef11f798e80f1cf0422fb1130d600ef0c63') {
    pending.push(import('./chunks/chunk-5af181cca8485859d7f36939ce0f2a2820164fb7d9c7e2a07b9aa3e5cb86bd74.js'));
  }
  if (key === '3cceab7ea34577cc02db2abc9cb9fa6a186aced4541d4e15bd3f8cbf6aebb757') {
    pending.push(import('./chunks/chunk-eeec7aeb465ddec5dcaea8d4f4bf31b1036892343aa41a7fa27c625f9591f9bc.js'));
  }
  if (key === '6d1fae3801677b9e452cf91c8b74707d1089480f20fa710dbc54a71bdfa0e177') {
    pending.push(import('./chunks/chunk-dc1b4b57a7521276b635cb548e20eac88b8b12bddd1e879a4f92dbcffca93530.js'));
  }
  if (key === '38cea10c3de32c32a21dc90e50b4f63cd9ad8b1407c54437c69d992623ca2f4c') {
    pending.push(import('./chunks/chunk-7a2f20eef90591afb74a12e12746c64645552702051af7e9c59e78e88d460d9d.js'));
  }
  return Promise.all(pending);
}

window.Vaadin = window.Vaadin || {};
window.Vaadin.Flow = window.Vaadin.Flow || {};
window.Vaadin.Flow.loadOnDemand = loadOnDemand;
window.Vaadin.Flow.resetFocus = () => {
 let ae=document.activeElement;
 while(ae&&ae.shadowRoot) ae = ae.shadowRoot.activeElement;
 return !ae || ae.blur() || ae.focus() || true;
}
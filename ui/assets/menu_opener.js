// The html element's lang follows the visitor; the phone's navigation opener is named in their language
// now and whenever Streamlit draws it again (ui/shell.py, set_document_language).
// jk: {lang: the page's language code, menu: the opener's name}.
document.documentElement.lang = jk.lang;
window.jkMenuName = jk.menu;
const name=()=>{const b=document.querySelector(
'[data-testid=stExpandSidebarButton]');if(b&&window.jkMenuName&&
b.getAttribute('aria-label')!==window.jkMenuName){
b.setAttribute('aria-label',window.jkMenuName);b.title=window.jkMenuName;}};name();
if(!window.jkMenuWatch){window.jkMenuWatch=new MutationObserver(name);
window.jkMenuWatch.observe(document.body,{childList:true,subtree:true});}

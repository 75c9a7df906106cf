// The file uploader's words in the visitor's language (ui/translators_views.py,
// uploader_script), again whenever Streamlit draws it anew. Changes the text of the nodes
// Streamlit drew and attributes, never adds or removes a node. jk: the texts.
var w=window;w.__jkUp=jk;if(w.__jkUpFix){w.__jkUpFix();return;}
function mine(t){var c=w.__jkUp;return t===c.type||t===c.limit;}
function say(el,t){if(!el){return;}var first=true;el.childNodes.forEach(function(n){
if(n.nodeType!==3){return;}var v=first?t:'';first=false;if(n.nodeValue!==v){n.nodeValue=v;}});}
function refusal(t){var c=w.__jkUp;return t.indexOf('not allowed')!==-1?c.type:c.limit;}
function attr(el,a,t){if(el&&el.getAttribute(a)!==t){el.setAttribute(a,t);}}
function fix(){var c=w.__jkUp;document.querySelectorAll('[data-testid=stFileUploader]').forEach(function(up){
up.querySelectorAll('[data-testid=stFileUploaderDropzone] [data-testid=stBaseButton-secondary] p')
.forEach(function(p){say(p,c.choose);});
attr(up.querySelector('input[type=file]'),'aria-label',c.input);
up.querySelectorAll('[data-testid=stFileChip]').forEach(function(chip){
var name=chip.querySelector('[data-testid=stFileChipName]');
attr(chip.querySelector('[data-testid=stFileChipDeleteBtn] button'),'aria-label',
c.remove.split('%(name)s').join(name?name.textContent:''));
chip.parentNode.querySelectorAll('[role=alert]').forEach(function(a){var t=a.textContent;
if(!mine(t)){say(a,refusal(t));}});});
up.querySelectorAll('[data-testid=stBaseButton-borderlessIcon]').forEach(function(b){
attr(b,'aria-label',c.another);attr(b,'title',c.another);
b.querySelectorAll('span').forEach(function(s){if(!s.children.length&&!s.hasAttribute('data-testid')){say(s,c.another);}});});});
document.querySelectorAll('[data-testid=stTooltipErrorContent]').forEach(function(d){var t=d.textContent;
if(!d.children.length&&!mine(t)&&/(files are not allowed|or smaller)[.]?$/.test(t)){say(d,refusal(t));}});}
w.__jkUpFix=fix;new MutationObserver(fix).observe(document.body,{subtree:true,childList:true,characterData:true});
fix();

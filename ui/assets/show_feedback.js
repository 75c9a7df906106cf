setTimeout(function(){
var n=document.querySelector('[class*="st-key-jokoak_lesson_next_"]')
||document.querySelector('.jokoak-lesson-hint,.jokoak-refused');
if(n){n.scrollIntoView({block:'nearest',behavior:'instant'});}},300);
